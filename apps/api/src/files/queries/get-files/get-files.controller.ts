import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { type Envelope, fileNamesSchema } from '@schoolflow/contracts';
import { ok } from '../../../infrastructure/http/envelope.js';
import { CurrentUser, type Principal } from '../../../infrastructure/http/request-context.js';
import { ValidBody } from '../../../infrastructure/http/valid-input.js';
import { FileStore } from '../../domain/file-store.js';

@ApiTags('files')
@Controller()
export class GetFilesController {
  constructor(private readonly files: FileStore) {}

  @Post('file/getFiles')
  @HttpCode(200)
  @ApiOperation({ summary: 'File names by id: {resId} or {resIds}; files I may not see are left out' })
  async get(@ValidBody(fileNamesSchema) q: z.output<typeof fileNamesSchema>, @CurrentUser() me: Principal): Promise<Envelope<{ resId: string; resName: string; resSuffix: string }[]>> {
    const ids = [...(q.resId ? [q.resId] : []), ...(q.resIds ?? [])];
    const out = [];
    for (const id of ids) {
      const row = await this.files.visible(id, me).catch(() => null);
      if (row) out.push({ resId: row.res_id, resName: row.res_name, resSuffix: row.res_suffix });
    }
    return ok(out);
  }
}
