import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type Envelope, type Language, Permission, type SystemConfig, systemConfigSchema } from '@schoolflow/contracts';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { ok } from '../../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal } from '../../infrastructure/http/request-context.js';
import { ValidBody } from '../../infrastructure/http/valid-input.js';
import { translate } from '../../infrastructure/i18n/i18n.js';
import { SystemConfigService } from '../../system/domain/system-config.service.js';
import { AdminAudit, AdminPost } from '../shared/admin-support.js';
import { AdminErrors } from '../admin.errors.js';

type Localised = { zh: string; en: string };
const L = (v: unknown): Localised => {
  const o = (typeof v === 'object' && v ? v : {}) as Partial<Localised>;
  return { zh: o.zh ?? '', en: o.en ?? '' };
};

/** System configuration, stored in sys_config under the keys the running services read. */
@ApiTags('admin')
@Controller()
export class ConfigController {
  constructor(
    private readonly settings: SystemConfigService,
    private readonly audit: AdminAudit,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  @AdminPost('ms/config/get', Permission.configEdit)
  async get(): Promise<Envelope<SystemConfig>> {
    const pwd = await this.settings.get<{ rule?: string; description?: Partial<Localised> }>('password.strategy');
    const title = await this.settings.get<unknown>('ui.title');
    return ok({
      loginTitle: L(await this.settings.get('ui.loginTitle')),
      loginFooter: L(await this.settings.get('ui.loginFooter')),
      title: typeof title === 'string' ? { zh: title, en: title } : L(title),
      logoUrl: (await this.settings.get<string>('ui.logoUrl')) ?? '',
      themeDefault: ((await this.settings.get<string>('ui.themeDefault')) ?? '') as SystemConfig['themeDefault'],
      pwdRule: pwd?.rule ?? this.config.pwdRule,
      pwdDescription: L(pwd?.description),
      leaveThresholdDays: Number((await this.settings.get<number>('workflow.leave.principalThresholdDays')) ?? 3),
      reminderDelayMinutes: Number((await this.settings.get<number>('workflow.reminderDelayMinutes')) ?? 60),
    });
  }

  @AdminPost('ms/config/save', Permission.configEdit)
  async save(@ValidBody(systemConfigSchema) c: SystemConfig, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope> {
    try {
      new RegExp(c.pwdRule, 'u');
    } catch {
      throw AdminErrors.pwdRuleInvalid();
    }
    const entries: [string, unknown][] = [
      ['ui.loginTitle', c.loginTitle],
      ['ui.loginFooter', c.loginFooter],
      ['ui.title', c.title],
      ['ui.logoUrl', c.logoUrl],
      ['ui.themeDefault', c.themeDefault],
      ['password.strategy', { rule: c.pwdRule, description: c.pwdDescription }],
      ['workflow.leave.principalThresholdDays', c.leaveThresholdDays],
      ['workflow.reminderDelayMinutes', c.reminderDelayMinutes],
    ];
    await this.settings.setAll(entries, me.userId);
    await this.audit.record(me, client, 'config.save', null, { keys: entries.map(([k]) => k) });
    return ok(undefined, translate(lang, 'configSaved'));
  }
}
