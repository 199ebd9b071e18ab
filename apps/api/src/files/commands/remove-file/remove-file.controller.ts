import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Envelope, Language } from '@schoolflow/contracts';
import { ok } from '../../../infrastructure/http/envelope.js';
import { CurrentUser, Lang, type Principal } from '../../../infrastructure/http/request-context.js';
import { translate } from '../../../infrastructure/i18n/i18n.js';
import { FileStore } from '../../domain/file-store.js';

@ApiTags('files')
@Controller()
export class RemoveFileController {
  constructor(private readonly files: FileStore) {}

  @Post('file/remove/:resId')
  @HttpCode(200)
  @ApiOperation({ summary: 'Remove my file (not once attached to a request)' })
  async remove(@Param('resId') resId: string, @CurrentUser() me: Principal, @Lang() lang: Language): Promise<Envelope> {
    await this.files.remove(resId, me);
    return ok(undefined, translate(lang, 'removeOk'));
  }
}
