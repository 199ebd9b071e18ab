import { Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Envelope, type Language, loginSchema, type LoginResult } from '@schoolflow/contracts';
import { ok } from '../../../infrastructure/http/envelope.js';
import { translate } from '../../../infrastructure/i18n/i18n.js';
import { Client, type ClientInfo, Lang, Public } from '../../../infrastructure/http/request-context.js';
import { ChecksOwnInput } from '../../../infrastructure/http/input.guard.js';
import { CheckedByHandler, FORM_OR_JSON } from '../../../infrastructure/http/valid-input.js';
import { LoginThrottlerGuard } from './login-throttler.guard.js';
import { LoginHandler } from './login.handler.js';

@ApiTags('identity')
@Controller()
export class LoginController {
  constructor(private readonly handler: LoginHandler) {}

  @Public()
  @UseGuards(LoginThrottlerGuard)
  // Its schema refuses unstorable text itself, so a refused attempt is still logged and counted (login.handler.ts).
  @ChecksOwnInput()
  @Post('api/login/v3')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in with account and password (form-encoded or JSON: username, password)' })
  async login(@CheckedByHandler(loginSchema, FORM_OR_JSON) body: unknown, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<LoginResult>> {
    return ok(await this.handler.execute(body, client), translate(lang, 'loginOk'));
  }
}
