import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Envelope, Language, PwdStrategy } from '@schoolflow/contracts';
import { ok } from '../../../infrastructure/http/envelope.js';
import { Lang, InitialPasswordAllowed } from '../../../infrastructure/http/request-context.js';
import { SystemConfigService } from '../../../system/domain/system-config.service.js';

@ApiTags('identity')
@Controller()
export class GetPwdStrategyController {
  constructor(private readonly settings: SystemConfigService) {}

  @Post('api/login/getPwdStrategy')
  @InitialPasswordAllowed()
  @HttpCode(200)
  @ApiOperation({ summary: 'Password strategy: a pattern and its description in the caller language' })
  async get(@Lang() lang: Language): Promise<Envelope<PwdStrategy>> {
    return ok(await this.settings.passwordStrategy(lang));
  }
}
