import { Injectable } from '@nestjs/common';
import type { UiStringOverride, UiStringRow } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { overrideRefusal } from '../../domain/override-check.js';
import { UiStringsAccess } from '../../domain/ui-strings-access.js';
import { UiStringOverrides } from '../../domain/ui-string-overrides.js';
import { UiStringsRepository } from '../../domain/ui-strings.repository.js';
import { ListUiStrings } from '../../queries/list-ui-strings/list-ui-strings.query.js';

/**
 * An administrator overrides one shipped string (docs/product/administration.md#interface-languages): a shipped key
 * only, every placeholder of the shipped string kept — refused and logged otherwise, nothing written. Saved, the
 * overrides are read again before the answer (the translator of this instance answers in them at once; the others on
 * the database's announcement), and the change is logged with the words before.
 */
@Injectable()
export class SaveOverride {
  constructor(
    private readonly db: DataSource,
    private readonly repo: UiStringsRepository,
    private readonly access: UiStringsAccess,
    private readonly overrides: UiStringOverrides,
    private readonly rows: ListUiStrings,
  ) {}

  async execute(o: UiStringOverride, me: Principal, client: ClientInfo): Promise<UiStringRow> {
    await this.access.mayManage(me, client, 'ui-strings.override');
    const refusal = overrideRefusal(o);
    if (refusal) throw await this.access.refuse(me, client, 'ui-strings.override', `${o.lang}:${o.namespace}:${o.key}`, refusal);
    const before = await this.repo.get(this.db, o.lang, o.namespace, o.key);
    await this.repo.upsert(this.db, o, me.userId);
    await this.overrides.reload();
    await this.access.record(me, client, 'ui-strings.override', `${o.lang}:${o.namespace}:${o.key}`, { value: o.value, before });
    return this.rows.row(o.lang, o.namespace, o.key);
  }
}
