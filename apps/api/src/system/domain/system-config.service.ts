import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Language, PwdStrategy } from '@schoolflow/contracts';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { translate } from '../../infrastructure/i18n/i18n.js';

type Localised = { zh?: string; en?: string };

/**
 * Settings an administrator may change at run time live in `sys_config` (key → JSON); the environment gives
 * the defaults. Titles and the password strategy description are stored per language.
 */
@Injectable()
export class SystemConfigService {
  constructor(
    private readonly db: DataSource,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async get<T>(key: string): Promise<T | undefined> {
    const rows: { value: T }[] = await this.db.query(`SELECT value FROM sys_config WHERE key = $1`, [key]);
    return rows[0]?.value;
  }

  /** Writes settings together (all or none), each stamped with who changed it. */
  async setAll(entries: readonly (readonly [string, unknown])[], by: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const [key, value] of entries) {
        await tx.query(
          `INSERT INTO sys_config (key, value, updated_by) VALUES ($1, $2::jsonb, $3) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now(), updated_by = EXCLUDED.updated_by`,
          [key, JSON.stringify(value), by],
        );
      }
    });
  }

  /** Drops a setting: its environment default applies again. */
  async remove(key: string): Promise<void> {
    await this.db.query(`DELETE FROM sys_config WHERE key = $1`, [key]);
  }

  async localised(key: string, lang: Language, fallbackKey: string): Promise<string> {
    const v = await this.get<Localised>(key);
    return v?.[lang] || translate(lang, fallbackKey);
  }

  async passwordStrategy(lang: Language): Promise<PwdStrategy> {
    const stored = await this.get<{ rule: string; description: Localised }>('password.strategy');
    return {
      rule: stored?.rule ?? this.config.pwdRule,
      description: stored?.description?.[lang] || translate(lang, 'pwdStrategyDescription'),
    };
  }
}
