import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Envelope, type Language, PASSWORD_RESET_PATH, type PasswordResetInput, passwordResetSchema } from '@schoolflow/contracts';
import { ok } from '../../../infrastructure/http/envelope.js';
import { Client, type ClientInfo, Lang, Public } from '../../../infrastructure/http/request-context.js';
import { translate } from '../../../infrastructure/i18n/i18n.js';
import { ValidBody } from '../../../infrastructure/http/valid-input.js';
import { ResetPasswordHandler } from './reset-password.handler.js';

@ApiTags('identity')
@Controller()
export class ResetPasswordController {
  constructor(private readonly handler: ResetPasswordHandler) {}

  @Public()
  @Post(PASSWORD_RESET_PATH.replace(/^\//, ''))
  @HttpCode(200)
  @ApiOperation({ summary: 'Recover a forgotten password with the account, the ID number and the mobile on record (no sign-in)' })
  async reset(@ValidBody(passwordResetSchema) body: PasswordResetInput, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope> {
    await this.handler.execute(body, client, lang);
    return ok(undefined, translate(lang, 'passwordRecovered'));
  }
}
