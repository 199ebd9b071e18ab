import { Injectable } from '@nestjs/common';
import type { UiStringKey, UiStringRow } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { shippedStrings } from '../../domain/shipped-strings.js';
import { UiStringsAccess } from '../../domain/ui-strings-access.js';
import { UiStringOverrides } from '../../domain/ui-string-overrides.js';
import { UiStringsRepository } from '../../domain/ui-strings.repository.js';
import { UiStringsErrors } from '../../ui-strings.errors.js';
import { ListUiStrings } from '../../queries/list-ui-strings/list-ui-strings.query.js';

/** Back to the shipped words: the override removed (none is no error — the shipped words show either way), logged. */
@Injectable()
export class ResetOverride {
  constructor(
    private readonly db: DataSource,
    private readonly repo: UiStringsRepository,
    private readonly access: UiStringsAccess,
    private readonly overrides: UiStringOverrides,
    private readonly rows: ListUiStrings,
  ) {}

  async execute(k: UiStringKey, me: Principal, client: ClientInfo): Promise<UiStringRow> {
    await this.access.mayManage(me, client, 'ui-strings.reset');
    const target = `${k.lang}:${k.namespace}:${k.key}`;
    if (!Object.hasOwn(shippedStrings(k.lang, k.namespace), k.key)) throw await this.access.refuse(me, client, 'ui-strings.reset', target, UiStringsErrors.unknownKey(k.namespace, k.key));
    const before = await this.repo.remove(this.db, k.lang, k.namespace, k.key);
    await this.overrides.reload();
    if (before !== null) await this.access.record(me, client, 'ui-strings.reset', target, { before });
    return this.rows.row(k.lang, k.namespace, k.key);
  }
}
