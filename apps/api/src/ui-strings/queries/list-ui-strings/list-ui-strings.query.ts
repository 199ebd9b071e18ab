import { Injectable } from '@nestjs/common';
import type { Language, UiStringListQuery, UiStringNamespace, UiStringPage, UiStringRow, UiStringsExport } from '@schoolflow/contracts';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { shippedStrings } from '../../domain/shipped-strings.js';
import { UiStringsAccess } from '../../domain/ui-strings-access.js';
import { UiStringOverrides } from '../../domain/ui-string-overrides.js';

/**
 * The strings of one language's namespace (docs/product/administration.md#interface-languages): every shipped key in
 * the bundle's order with its override, filtered by words in the key, the shipped string or the override and by
 * "overridden only" — from memory (the bundles are code, the overrides this instance's cache).
 */
@Injectable()
export class ListUiStrings {
  constructor(
    private readonly overrides: UiStringOverrides,
    private readonly access: UiStringsAccess,
  ) {}

  async execute(q: UiStringListQuery, me: Principal, client: ClientInfo): Promise<UiStringPage> {
    await this.access.mayManage(me, client, 'ui-strings.list');
    return this.page(q);
  }

  /** Every override in force, as the export's file (i18n:manage). */
  async exported(me: Principal, client: ClientInfo): Promise<UiStringsExport> {
    await this.access.mayManage(me, client, 'ui-strings.export');
    return { format: 'schoolflow-ui-strings', exportedAt: new Date().toISOString(), overrides: this.overrides.exported() };
  }

  private page(q: UiStringListQuery): UiStringPage {
    const mine = new Map(this.overrides.all().filter((o) => o.lang === q.lang && o.namespace === q.namespace).map((o) => [o.key, o]));
    const words = q.q?.toLowerCase() ?? '';
    const rows = Object.entries(shippedStrings(q.lang, q.namespace))
      .map(([key, shipped]): UiStringRow => {
        const o = mine.get(key);
        return { namespace: q.namespace, key, shipped, override: o?.value ?? null, updatedAt: o ? new Date(o.updated_at).toISOString() : null, updatedBy: o?.updated_by ?? null };
      })
      .filter((r) => (q.overridden !== 'true' || r.override !== null) && (words === '' || r.key.toLowerCase().includes(words) || r.shipped.toLowerCase().includes(words) || (r.override ?? '').toLowerCase().includes(words)));
    const from = (q.current - 1) * q.size;
    return { total: rows.length, list: rows.slice(from, from + q.size), overriddenTotal: this.overrides.all().filter((o) => o.lang === q.lang).length };
  }

  row(lang: Language, namespace: UiStringNamespace, key: string): UiStringRow {
    const o = this.overrides.of(lang, namespace, key);
    return { namespace, key, shipped: shippedStrings(lang, namespace)[key] ?? '', override: o?.value ?? null, updatedAt: o ? new Date(o.updated_at).toISOString() : null, updatedBy: o?.updated_by ?? null };
  }
}
