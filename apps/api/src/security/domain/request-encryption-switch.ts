import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { RequestEncryptionSetting } from '@schoolflow/contracts';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { DatabaseNotifications } from '../../infrastructure/database/database-notifications.js';
import { logger } from '../../infrastructure/logging/logger.js';
import { SystemConfigService } from '../../system/domain/system-config.service.js';

/** The system-configuration key of the switch; the environment's REQUEST_ENCRYPT is the default while it is unset. */
export const REQUEST_ENCRYPT_KEY = 'security.requestEncrypt';
/** sys_config changes of `security.*` keys are announced here (migration 1732000038500). */
export const CONFIG_CHANNEL = 'schoolflow_config';
/** Re-read after this long even without an announcement (a missed one cannot last), and sooner while not listening. */
const REREAD_MS = 60_000;
const REREAD_UNHEARD_MS = 2_000;

/**
 * Whether request encryption is on (docs/adr/0036-request-encryption.md): read on every API call, so cached per
 * instance and dropped when the database announces a change of the key (any instance, a tool, SQL by hand), when the
 * LISTEN connection is lost or back, and at the latest after a minute.
 */
@Injectable()
export class RequestEncryptionSwitch implements OnModuleInit {
  private cached: { value: boolean | null; readAt: number } | null = null;
  private epoch = 0;

  constructor(
    private readonly settings: SystemConfigService,
    private readonly notifications: DatabaseNotifications,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.notifications.on(CONFIG_CHANNEL, (key) => {
      if (key === REQUEST_ENCRYPT_KEY) this.forget();
    });
    this.notifications.onReset(() => this.forget());
  }

  async enabled(): Promise<boolean> {
    return (await this.setting()).enabled;
  }

  async setting(): Promise<RequestEncryptionSetting> {
    const override = await this.override();
    return { enabled: override ?? this.config.requestEncrypt, defaultValue: this.config.requestEncrypt, override };
  }

  /** The administrator's choice (null: back to the environment's default). Takes effect on this instance at once. */
  async set(value: boolean | null, by: string): Promise<void> {
    if (value === null) await this.settings.remove(REQUEST_ENCRYPT_KEY);
    else await this.settings.setAll([[REQUEST_ENCRYPT_KEY, value]], by);
    this.forget();
  }

  private forget(): void {
    this.cached = null;
    this.epoch++;
  }

  private async override(): Promise<boolean | null> {
    const now = Date.now();
    const maxAge = this.notifications.live ? REREAD_MS : REREAD_UNHEARD_MS;
    if (this.cached && now - this.cached.readAt < maxAge) return this.cached.value;
    const epoch = this.epoch;
    try {
      const stored = await this.settings.get<unknown>(REQUEST_ENCRYPT_KEY);
      const value = typeof stored === 'boolean' ? stored : null;
      // A change announced while this read was under way may not be in it: answered, not kept.
      if (epoch === this.epoch) this.cached = { value, readAt: now };
      return value;
    } catch (err) {
      // The database away: the last value read stands (every other call fails anyway until it is back).
      if (this.cached) return this.cached.value;
      logger.warn({ err: String(err) }, 'request encryption switch not readable; the environment default applies');
      return null;
    }
  }
}
