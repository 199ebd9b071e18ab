import { readFile } from 'node:fs/promises';
import { Injectable } from '@nestjs/common';
import { FACE_LIMITS, FACE_PHOTO_EXTENSIONS, UPLOAD_FIELD } from '@schoolflow/contracts';
import type { Request, Response } from 'express';
import { UploadReceiver } from '../../files/domain/upload-receiver.js';

/**
 * A capture's way in (docs/adr/0063-face-recognition.md#what-is-kept): one JPEG or PNG in the multipart field `file`,
 * streamed to the incoming folder within FACE_LIMITS.photoMaxKb (UploadReceiver checks the bytes are the type the
 * name says), read, and removed at once — the image is never kept, only what the model computes from it.
 */
@Injectable()
export class FacePhotoUpload {
  constructor(private readonly receiver: UploadReceiver) {}

  async bytes(userId: string, req: Request, res: Response): Promise<Uint8Array> {
    const [file] = await this.receiver.receive(userId, req, res, { field: UPLOAD_FIELD, maxFileBytes: FACE_LIMITS.photoMaxKb * 1024, maxFiles: 1, extensions: FACE_PHOTO_EXTENSIONS });
    if (!file) throw new Error('the receiver answered no file'); // it refuses an empty request itself
    try {
      return new Uint8Array(await readFile(file.path));
    } finally {
      await this.receiver.drop([file]);
    }
  }
}
