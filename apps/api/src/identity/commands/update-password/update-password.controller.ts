import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Envelope, type Language, type UpdatePwdInput, updatePwdSchema } from '@schoolflow/contracts';
import { ok } from '../../../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal, InitialPasswordAllowed } from '../../../infrastructure/http/request-context.js';
import { translate } from '../../../infrastructure/i18n/i18n.js';
import { FORM_OR_JSON, ValidBody } from '../../../infrastructure/http/valid-input.js';
import { UpdatePasswordHandler } from './update-password.handler.js';

@ApiTags('identity')
@Controller()
export class UpdatePasswordController {
  constructor(private readonly handler: UpdatePasswordHandler) {}

  @Post('api/login/updatePwd')
  @InitialPasswordAllowed()
  @HttpCode(200)
  @ApiOperation({ summary: 'Change own password (form: username, newPassword base64, oldPassword digest, sign digest)' })
  async update(@ValidBody(updatePwdSchema, FORM_OR_JSON) body: UpdatePwdInput, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope> {
    await this.handler.execute(body, me, client, lang);
    return ok(undefined, translate(lang, 'passwordChanged'));
  }
}
