import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiPath, type AppConfig, type Envelope, type Language } from '@schoolflow/contracts';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import { ok } from '../../../infrastructure/http/envelope.js';
import { Lang, Public } from '../../../infrastructure/http/request-context.js';
import { SystemConfigService } from '../../domain/system-config.service.js';
import { RequestEncryptionSwitch } from '../../../security/domain/request-encryption-switch.js';

/** What the SPA reads before anything else; titles in the caller's language, overridable in system configuration. */
@ApiTags('system')
@Controller()
export class AppConfigController {
  constructor(
    private readonly settings: SystemConfigService,
    private readonly encryption: RequestEncryptionSwitch,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  @Public()
  @Get('anon/app-config')
  @ApiOperation({ summary: 'Application configuration for the SPA start' })
  async get(@Lang() lang: Language): Promise<Envelope<AppConfig>> {
    const [loginTitle, loginFooter, title, logo, theme, encrypt] = await Promise.all([
      this.settings.localised('ui.loginTitle', lang, 'loginTitle'),
      this.settings.localised('ui.loginFooter', lang, 'loginFooter'),
      this.settings.localised('ui.title', lang, 'appTitle'),
      this.settings.get<string>('ui.logoUrl'),
      this.settings.get<string>('ui.themeDefault'),
      this.encryption.enabled(),
    ]);
    return ok({
      BASE_API: this.config.baseApi,
      LOGIN_TITLE: loginTitle,
      LOGIN_FOOTER: loginFooter,
      TITLE: title,
      LOGIN_TYPE: this.config.loginType,
      LOGO_URL: logo ?? this.config.logoUrl,
      THEME_DEFAULT: theme ?? this.config.themeDefault,
      REQUEST_ENCRYPT: encrypt,
      PWD_HASH_PREFIX: this.config.pwdHashPrefix,
      TOKEN_HEADER: this.config.tokenHeader,
      // the server starts a sign-on itself (docs/adr/0035-single-sign-on.md): the browser asks it where to go
      IDS_LOGIN_URL: this.config.ids ? `${this.config.baseApi}${ApiPath.idsStart}` : '',
    });
  }
}
