import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import { CurrentUser, type Principal } from '../../../infrastructure/http/request-context.js';
import { AppException } from '../../../infrastructure/http/app-exception.js';
import { FileStore } from '../../domain/file-store.js';

@ApiTags('files')
@Controller()
export class DownloadFileController {
  constructor(private readonly files: FileStore) {}

  @Get('file/download/:resId')
  @ApiOperation({ summary: 'Download a file I may see, with its original name' })
  async download(@Param('resId') resId: string, @CurrentUser() me: Principal, @Res() res: Response): Promise<void> {
    const row = await this.files.visible(resId, me);
    const name = `${row.res_name}${row.res_suffix}`;
    res.setHeader('Content-Type', row.mime);
    res.setHeader('Content-Length', String(row.size));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Disposition', `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`);
    // Streamed from disk: memory stays flat however large the file and however many download it at once.
    await pipeline(this.files.stream(row), res).catch(() => {
      if (!res.headersSent) throw AppException.notFound();
      res.destroy(); // the client went away, or the bytes are gone: nothing more to say on this connection
    });
  }
}
