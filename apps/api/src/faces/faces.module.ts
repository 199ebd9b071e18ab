import { Module } from '@nestjs/common';
import { AdminAudit } from '../admin/shared/admin-support.js';
import { FilesModule } from '../files/files.module.js';
import { FaceGroups } from './commands/face-groups.handler.js';
import { FaceRegistrations } from './commands/face-registrations.handler.js';
import { FaceSettingsHandler } from './commands/face-settings.handler.js';
import { FaceCaptures } from './domain/face-captures.js';
import { FacePhotoUpload } from './domain/face-photo-upload.js';
import { FacesAccess } from './domain/faces-access.js';
import { FacesRepository } from './domain/faces.repository.js';
import { FaceEngine } from './engine/face-engine.js';
import { FacesController } from './faces.controller.js';

/**
 * 人脸识别 (DESIGN §15 `/server/api/faces`; docs/product/campus-life.md#face-recognition,
 * docs/adr/0063-face-recognition.md): refusals in faces.errors.ts; the model in a worker thread started on first use
 * (engine/). Exports the capture's way in and the comparison for the attendance check-in by face.
 */
@Module({
  imports: [FilesModule],
  controllers: [FacesController],
  providers: [AdminAudit, FacesRepository, FacesAccess, FaceEngine, FaceCaptures, FacePhotoUpload, FaceSettingsHandler, FaceGroups, FaceRegistrations],
  exports: [FaceCaptures, FacePhotoUpload, FacesRepository],
})
export class FacesModule {}
