import { Controller, HttpCode, Post, Query, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { FilesInterceptor } from '@nestjs/platform-express';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Envelope, Language } from '@schoolflow/contracts';
import { AppException } from '../../../infrastructure/http/app-exception.js';
import { ok } from '../../../infrastructure/http/envelope.js';
import { CurrentUser, Lang, type Principal } from '../../../infrastructure/http/request-context.js';
import { translate } from '../../../infrastructure/i18n/i18n.js';
import { cleanName, detectType, extensionOf, KNOWN_EXTENSIONS } from '../../domain/file-type.js';
import { FileStore } from '../../domain/file-store.js';

/** Largest file the platform takes (a notice's video, school-business §5); widgets ask for less with `maxSize`. */
export const FILE_MAX_BYTES = 100 * 1024 * 1024;

interface Uploaded {
  originalname: string;
  size: number;
  buffer: Buffer;
}

@ApiTags('files')
@Controller()
export class UploadFileController {
  constructor(private readonly files: FileStore) {}

  @Post('file/upload')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(FilesInterceptor('file', 20, { limits: { fileSize: FILE_MAX_BYTES, files: 20 } }))
  @ApiOperation({ summary: 'Upload files (field `file`); query maxSize (KB), types (".jpg,.png"), limit' })
  async upload(
    @UploadedFiles() uploaded: Uploaded[] | undefined,
    @Query('maxSize') maxSizeKb: string | undefined,
    @Query('types') typesParam: string | undefined,
    @Query('limit') limitParam: string | undefined,
    @CurrentUser() me: Principal,
    @Lang() lang: Language,
  ): Promise<Envelope<{ resId: string; resName: string; resSuffix: string }[]>> {
    const files = uploaded ?? [];
    if (files.length === 0) throw AppException.badRequest('fileRequired');
    const limit = Number(limitParam ?? 0);
    if (Number.isInteger(limit) && limit > 0 && files.length > limit) throw AppException.badRequest('fileTooMany', { limit });
    const types = (typesParam ? typesParam.split(',') : KNOWN_EXTENSIONS).map((t) => t.trim().toLowerCase()).filter((t) => KNOWN_EXTENSIONS.includes(t));
    const maxKb = Number(maxSizeKb ?? 0);
    const checked = files.map((f) => {
      const name = cleanName(Buffer.from(f.originalname, 'latin1').toString('utf8'));
      const ext = extensionOf(name);
      if (f.size === 0) throw AppException.badRequest('fileEmpty');
      if (Number.isFinite(maxKb) && maxKb > 0 && f.size > maxKb * 1024) throw AppException.badRequest('fileTooLarge', { max: maxKb });
      if (!types.includes(ext)) throw AppException.badRequest('fileTypeNotAllowed', { types: types.join(',') });
      const mime = detectType(ext, f.buffer);
      if (!mime) throw AppException.badRequest('fileTypeMismatch', { ext });
      return { name, ext, mime, bytes: f.buffer };
    });
    const saved = [];
    for (const c of checked) {
      const row = await this.files.save(me.userId, c.name.slice(0, c.name.length - c.ext.length) || c.name, c.ext, c.mime, c.bytes);
      saved.push({ resId: row.res_id, resName: row.res_name, resSuffix: row.res_suffix });
    }
    return ok(saved, translate(lang, 'uploadOk'));
  }
}
