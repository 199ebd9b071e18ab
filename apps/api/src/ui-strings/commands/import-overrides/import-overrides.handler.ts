import { Injectable } from '@nestjs/common';
import type { UiStringsImportInput, UiStringsImportResult } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { overrideRefusal } from '../../domain/override-check.js';
import { UiStringsAccess } from '../../domain/ui-strings-access.js';
import { UiStringOverrides } from '../../domain/ui-string-overrides.js';
import { UiStringsRepository } from '../../domain/ui-strings.repository.js';

/**
 * An export's overrides back (docs/product/administration.md#interface-languages): every item checked as a single
 * save is, before anything is written — the first refused item answers (its number, language, namespace and key as
 * `data`) and nothing is written; then all in one transaction, merged over the overrides there (an item replaces the
 * override of its key; the others stay). One line in the operation log with the counts.
 */
@Injectable()
export class ImportOverrides {
  constructor(
    private readonly db: DataSource,
    private readonly repo: UiStringsRepository,
    private readonly access: UiStringsAccess,
    private readonly overrides: UiStringOverrides,
  ) {}

  async execute(input: UiStringsImportInput, me: Principal, client: ClientInfo): Promise<UiStringsImportResult> {
    await this.access.mayManage(me, client, 'ui-strings.import');
    for (const [i, o] of input.overrides.entries()) {
      const refusal = overrideRefusal(o);
      if (refusal) throw await this.access.refuse(me, client, 'ui-strings.import', null, refusal.withData({ row: i + 1, lang: o.lang, namespace: o.namespace, key: o.key }));
    }
    const imported = await this.db.transaction(async (tx) => {
      let changed = 0;
      for (const o of input.overrides) if (await this.repo.upsert(tx, o, me.userId)) changed++;
      return changed;
    });
    await this.overrides.reload();
    const result = { imported, unchanged: input.overrides.length - imported };
    await this.access.record(me, client, 'ui-strings.import', null, result);
    return result;
  }
}
