import { Controller, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { type Envelope, fileUploadSchema, type Language, UPLOAD_FIELD } from '@schoolflow/contracts';
import { ok } from '../../../infrastructure/http/envelope.js';
import { CurrentUser, Lang, type Principal } from '../../../infrastructure/http/request-context.js';
import { translate } from '../../../infrastructure/i18n/i18n.js';
import { MultipartBody } from '../../../infrastructure/http/valid-input.js';
import { KNOWN_EXTENSIONS } from '../../domain/file-type.js';
import { FileStore } from '../../domain/file-store.js';
import { UPLOAD_MAX_FILES, UploadReceiver } from '../../domain/upload-receiver.js';

/** Largest file the platform takes (a notice's video, docs/product/shell-and-sign-in.md#file-limits); widgets ask for less with `maxSize`. */
export const FILE_MAX_BYTES = 100 * 1024 * 1024;

/** A number from the query when it is a positive whole number, else null (0 and absent mean "no limit of its own"). */
function positive(raw: string | undefined): number | null {
  const n = Number(raw);
  return raw !== undefined && Number.isInteger(n) && n > 0 ? n : null;
}

@ApiTags('files')
@Controller()
export class UploadFileController {
  constructor(
    private readonly files: FileStore,
    private readonly receiver: UploadReceiver,
  ) {}

  @Post('file/upload')
  @HttpCode(200)
  @MultipartBody(fileUploadSchema)
  @ApiOperation({ summary: 'Upload files (field `file`); query maxSize (KB), types (".jpg,.png"), limit. Streamed to disk, checked as it arrives.' })
  @ApiQuery({ name: 'maxSize', required: false, schema: { type: 'integer', minimum: 0 } })
  @ApiQuery({ name: 'types', required: false, schema: { type: 'string' } })
  @ApiQuery({ name: 'limit', required: false, schema: { type: 'integer', minimum: 0 } })
  async upload(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Query('maxSize') maxSizeKb: string | undefined,
    @Query('types') typesParam: string | undefined,
    @Query('limit') limitParam: string | undefined,
    @CurrentUser() me: Principal,
    @Lang() lang: Language,
  ): Promise<Envelope<{ resId: string; resName: string; resSuffix: string }[]>> {
    // An empty `types` is no restriction of the widget's own, like an absent one.
    const extensions = (typeof typesParam === 'string' && typesParam.trim() !== '' ? typesParam.split(',') : KNOWN_EXTENSIONS).map((t) => t.trim().toLowerCase()).filter((t) => KNOWN_EXTENSIONS.includes(t));
    const maxKb = positive(maxSizeKb);
    // The widget's own limits (docs/product/shell-and-sign-in.md#file-upload) apply while the bytes arrive, within the platform's.
    const received = await this.receiver.receive(me.userId, req, res, {
      field: UPLOAD_FIELD,
      maxFileBytes: Math.min(maxKb === null ? FILE_MAX_BYTES : maxKb * 1024, FILE_MAX_BYTES),
      maxFiles: Math.min(positive(limitParam) ?? UPLOAD_MAX_FILES, UPLOAD_MAX_FILES),
      extensions,
    });
    const saved = await this.files.keep(me.userId, received);
    return ok(
      saved.map((row) => ({ resId: row.res_id, resName: row.res_name, resSuffix: row.res_suffix })),
      translate(lang, 'uploadOk'),
    );
  }
}
