import { Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Envelope, idsCheckSchema, type Language, type LoginResult } from '@schoolflow/contracts';
import { ok } from '../../../infrastructure/http/envelope.js';
import { ChecksOwnInput } from '../../../infrastructure/http/input.guard.js';
import { Client, type ClientInfo, Lang, Public } from '../../../infrastructure/http/request-context.js';
import { CheckedByHandler, FORM_OR_JSON } from '../../../infrastructure/http/valid-input.js';
import { translate } from '../../../infrastructure/i18n/i18n.js';
import { LoginThrottlerGuard } from '../login/login-throttler.guard.js';
import { IdsCheckHandler } from './ids-check.handler.js';

@ApiTags('identity')
@Controller()
export class IdsCheckController {
  constructor(private readonly handler: IdsCheckHandler) {}

  @Public()
  // the same per-address limit as the password sign-in: each check asks the provider
  @UseGuards(LoginThrottlerGuard)
  // its schema refuses what no column stores, so a refused check is still logged (ids-check.handler.ts)
  @ChecksOwnInput()
  @Post('anon/api/auth/check')
  @HttpCode(200)
  @ApiOperation({ summary: 'Single sign-on: exchange the code (CAS: the service ticket) and state for a session (form-encoded or JSON)' })
  async check(@CheckedByHandler(idsCheckSchema, FORM_OR_JSON) body: unknown, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<LoginResult>> {
    return ok(await this.handler.execute(body, client), translate(lang, 'loginOk'));
  }
}
