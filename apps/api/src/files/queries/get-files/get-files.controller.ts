import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import type { Envelope } from '@schoolflow/contracts';
import { ok } from '../../../infrastructure/http/envelope.js';
import { CurrentUser, type Principal } from '../../../infrastructure/http/request-context.js';
import { validate } from '../../../infrastructure/http/validate.js';
import { FileStore } from '../../domain/file-store.js';

const schema = z.object({
  resId: z.string().uuid('validation.idInvalid').optional(),
  resIds: z.array(z.string().uuid('validation.idInvalid')).max(100, 'validation.tooLong').optional(),
});

@ApiTags('files')
@Controller()
export class GetFilesController {
  constructor(private readonly files: FileStore) {}

  @Post('file/getFiles')
  @HttpCode(200)
  @ApiOperation({ summary: 'File names by id: {resId} or {resIds}; files I may not see are left out' })
  async get(@Body() body: unknown, @CurrentUser() me: Principal): Promise<Envelope<{ resId: string; resName: string; resSuffix: string }[]>> {
    const q = validate(schema, body);
    const ids = [...(q.resId ? [q.resId] : []), ...(q.resIds ?? [])];
    const out = [];
    for (const id of ids) {
      const row = await this.files.visible(id, me).catch(() => null);
      if (row) out.push({ resId: row.res_id, resName: row.res_name, resSuffix: row.res_suffix });
    }
    return ok(out);
  }
}
