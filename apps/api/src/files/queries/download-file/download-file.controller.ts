import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser, type Principal } from '../../../infrastructure/http/request-context.js';
import { FileStore } from '../../domain/file-store.js';

@ApiTags('files')
@Controller()
export class DownloadFileController {
  constructor(private readonly files: FileStore) {}

  @Get('file/download/:resId')
  @ApiOperation({ summary: 'Download a file I may see, with its original name' })
  async download(@Param('resId') resId: string, @CurrentUser() me: Principal, @Res() res: Response): Promise<void> {
    const row = await this.files.visible(resId, me);
    const bytes = await this.files.read(row);
    const name = `${row.res_name}${row.res_suffix}`;
    res.setHeader('Content-Type', row.mime);
    res.setHeader('Content-Length', String(bytes.length));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Disposition', `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`);
    res.end(bytes);
  }
}
