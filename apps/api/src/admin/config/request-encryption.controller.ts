import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type Envelope, type Language, Permission, type RequestEncryptionSave, type RequestEncryptionSetting, requestEncryptionSaveSchema } from '@schoolflow/contracts';
import { ok } from '../../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal } from '../../infrastructure/http/request-context.js';
import { ValidBody } from '../../infrastructure/http/valid-input.js';
import { translate } from '../../infrastructure/i18n/i18n.js';
import { RequestEncryptionSwitch } from '../../security/domain/request-encryption-switch.js';
import { AdminAudit, AdminPost } from '../shared/admin-support.js';

/**
 * The request-encryption switch in the system configuration (docs/adr/0036-request-encryption.md): the environment's
 * REQUEST_ENCRYPT is the default, an administrator may turn it on or off, or back to the default. Every instance
 * follows within milliseconds (the database announces the change).
 */
@ApiTags('admin')
@Controller()
export class RequestEncryptionController {
  constructor(
    private readonly encryption: RequestEncryptionSwitch,
    private readonly audit: AdminAudit,
  ) {}

  @AdminPost('ms/config/request-encryption/get', Permission.configEdit)
  async get(): Promise<Envelope<RequestEncryptionSetting>> {
    return ok(await this.encryption.setting());
  }

  @AdminPost('ms/config/request-encryption/save', Permission.configEdit)
  async save(@ValidBody(requestEncryptionSaveSchema) body: RequestEncryptionSave, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<RequestEncryptionSetting>> {
    const before = await this.encryption.setting();
    await this.encryption.set(body.requestEncrypt, me.userId);
    const after = await this.encryption.setting();
    await this.audit.record(me, client, 'config.requestEncryption', null, { from: before.override, to: after.override, enabled: after.enabled });
    return ok(after, translate(lang, 'configSaved'));
  }
}
