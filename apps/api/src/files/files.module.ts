import { Global, Module } from '@nestjs/common';
import { RemoveFileController } from './commands/remove-file/remove-file.controller.js';
import { UploadFileController } from './commands/upload-file/upload-file.controller.js';
import { FileCleanup } from './domain/file-cleanup.service.js';
import { FileStore } from './domain/file-store.js';
import { UploadReceiver } from './domain/upload-receiver.js';
import { ImportUpload } from './domain/import-upload.js';
import { DownloadFileController } from './queries/download-file/download-file.controller.js';
import { GetFilesController } from './queries/get-files/get-files.controller.js';

@Global()
@Module({
  controllers: [UploadFileController, RemoveFileController, GetFilesController, DownloadFileController],
  providers: [FileStore, FileCleanup, UploadReceiver, ImportUpload],
  exports: [FileStore, UploadReceiver, ImportUpload],
})
export class FilesModule {}
