import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { Language, UiStringBundle, UiStringOverride } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { DatabaseNotifications } from '../../infrastructure/database/database-notifications.js';
import { applyMessageOverrides } from '../../infrastructure/i18n/i18n.js';
import { logger } from '../../infrastructure/logging/logger.js';
import { type OverrideRecord, UiStringsRepository } from './ui-strings.repository.js';
import { shippedStrings } from './shipped-strings.js';

/** Every change of `ui_string_override` is announced here (migration 1732000064000). */
export const UI_STRINGS_CHANNEL = 'schoolflow_ui_strings';

/**
 * The overrides of this instance (docs/adr/0065-interface-languages.md#cache): read at start, kept in memory and in the
 * server's translator (its messages answer in the overridden words), read again when the database announces a change
 * (any instance, an import, SQL by hand) and when the LISTEN connection is back (a change may have been missed). A
 * write on this instance reloads before it answers, so its caller's next request reads the new words. Only overrides
 * of keys still shipped count: a key removed from the bundles falls back by itself.
 */
@Injectable()
export class UiStringOverrides implements OnModuleInit {
  private rows: OverrideRecord[] = [];
  private version = '0';
  private epoch = 0;
  /** The newest read under way (or done). */
  private newest: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: DataSource,
    private readonly repo: UiStringsRepository,
    private readonly notifications: DatabaseNotifications,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.notifications.on(UI_STRINGS_CHANNEL, () => void this.reload());
    this.notifications.onReset(() => void this.reload());
    await this.reload();
  }

  /**
   * Reads the overrides again and resolves once the newest read has been applied. A write reloads before it answers
   * while its own announcement starts another reload: when a later read began meanwhile, this one's rows are dropped
   * and it waits for that one instead — returning early would answer the write from the rows before it (CI saw the
   * saved override answered as null).
   */
  reload(): Promise<void> {
    const epoch = ++this.epoch;
    const run = this.read(epoch);
    this.newest = run;
    return run;
  }

  private async read(epoch: number): Promise<void> {
    try {
      const all = await this.repo.all(this.db);
      // a later read began after this one: its rows stand, and it is the one to wait for
      if (epoch !== this.epoch) return await this.newest;
      this.rows = all.filter((r) => Object.hasOwn(shippedStrings(r.lang, r.namespace), r.key));
      const latest = this.rows.reduce((m, r) => Math.max(m, new Date(r.updated_at).getTime()), 0);
      this.version = `${this.rows.length}-${latest}`;
      applyMessageOverrides(this.rows);
    } catch (err) {
      // the database away: the overrides last read stand (a reset of the LISTEN connection reads them again)
      logger.warn({ err: String(err) }, 'interface string overrides not readable; the last read stand');
    }
  }

  /** Every override in force (of shipped keys), ordered by language, namespace, key. */
  all(): readonly OverrideRecord[] {
    return this.rows;
  }

  of(lang: Language, namespace: string, key: string): OverrideRecord | undefined {
    return this.rows.find((r) => r.lang === lang && r.namespace === namespace && r.key === key);
  }

  bundle(lang: Language): UiStringBundle {
    const overrides: UiStringBundle['overrides'] = {};
    for (const r of this.rows) {
      if (r.lang !== lang) continue;
      (overrides[r.namespace] ??= {})[r.key] = r.value;
    }
    return { lang, version: this.version, overrides };
  }

  exported(): UiStringOverride[] {
    return this.rows.map((r) => ({ lang: r.lang, namespace: r.namespace, key: r.key, value: r.value }));
  }
}
