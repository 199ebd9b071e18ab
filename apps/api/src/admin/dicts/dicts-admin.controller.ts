import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { type DictEntryInput, dictEntrySchema, type DictEntryRow, dictPublishSchema, dictTableSchema, type DictTableRow, type Envelope, idsSchema, type Language, type NormalisedTable, oneIdSchema, Permission, adminTableRequestSchema } from '@schoolflow/contracts';
import { ok } from '../../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal } from '../../infrastructure/http/request-context.js';
import { ValidBody } from '../../infrastructure/http/valid-input.js';
import { translate } from '../../infrastructure/i18n/i18n.js';
import { AdminAudit, AdminPost, str, uniqueAs } from '../shared/admin-support.js';
import { AdminErrors } from '../admin.errors.js';
import { DictsRepository } from './dicts.repository.js';

/** Dictionary tables and entries (docs/product/administration.md#dictionaries): the rules; the rows are the repository's. */
@ApiTags('admin')
@Controller()
export class DictsAdminController {
  constructor(
    private readonly dicts: DictsRepository,
    private readonly audit: AdminAudit,
  ) {}

  @AdminPost('ms/dict/table/list', Permission.dictList)
  async tables(@ValidBody(adminTableRequestSchema) t: NormalisedTable): Promise<Envelope<{ total: number; list: DictTableRow[] }>> {
    return ok(await this.dicts.tables(t, str(t.query.keyword)));
  }

  @AdminPost('ms/dict/table/save', Permission.dictEdit)
  async tableSave(@ValidBody(dictTableSchema) input: z.output<typeof dictTableSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<{ id: string }>> {
    const write = { table: input.table, title: input.title, remark: input.remark };
    const id = await uniqueAs('dictTableUsed', async () => {
      if (!input.id) return this.dicts.createTable(write);
      await this.dicts.updateTable(input.id, write);
      return input.id;
    });
    await this.audit.record(me, client, input.id ? 'dictTable.update' : 'dictTable.create', input.table, { id });
    return ok({ id }, translate(lang, 'saveOk'));
  }

  @AdminPost('ms/dict/table/delete', Permission.dictEdit)
  async tableDelete(@ValidBody(oneIdSchema) { id }: z.output<typeof oneIdSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope> {
    const use = await this.dicts.tableUse(id);
    if (!use) throw AdminErrors.dictTableNotFound();
    if (use.entries > 0) throw AdminErrors.dictTableHasEntries();
    await this.dicts.deleteTable(id);
    await this.audit.record(me, client, 'dictTable.delete', use.table, { id });
    return ok(undefined, translate(lang, 'deleteOk'));
  }

  @AdminPost('ms/dict/list', Permission.dictList)
  async entries(@ValidBody(adminTableRequestSchema) t: NormalisedTable): Promise<Envelope<{ total: number; list: DictEntryRow[] }>> {
    return ok(await this.dicts.entries(t, str(t.query.table), str(t.query.keyword)));
  }

  @AdminPost('ms/dict/save', Permission.dictEdit)
  async save(@ValidBody(dictEntrySchema) e: DictEntryInput, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<{ id: string }>> {
    if (!(await this.dicts.tableExists(e.table))) throw AdminErrors.dictTableUnknown();
    const dup = await this.dicts.sameCodeOrName(e.table, e.code, e.name, e.id);
    if (dup.some((d) => d.code === e.code)) throw AdminErrors.dictCodeUsed();
    if (dup.some((d) => d.name === e.name)) throw AdminErrors.dictNameUsed();
    if (e.parentCode && !(await this.dicts.entryExists(e.table, e.parentCode))) throw AdminErrors.dictParentNotFound();
    const id = await uniqueAs('dictCodeUsed', () => this.dicts.saveEntry(e));
    await this.audit.record(me, client, e.id ? 'dict.update' : 'dict.create', `${e.table}:${e.code}`, { id });
    return ok({ id }, translate(lang, 'saveOk'));
  }

  @AdminPost('ms/dict/delete', Permission.dictEdit)
  async remove(@ValidBody(idsSchema) { ids }: z.output<typeof idsSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope> {
    await this.dicts.deleteEntries(ids);
    await this.audit.record(me, client, 'dict.delete', ids.join(','), { ids });
    return ok(undefined, translate(lang, 'deleteOk'));
  }

  @AdminPost('ms/dict/publish', Permission.dictEdit)
  async publish(@ValidBody(dictPublishSchema) input: z.output<typeof dictPublishSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope> {
    await this.dicts.setPublished(input.ids, input.published);
    await this.audit.record(me, client, input.published ? 'dict.publish' : 'dict.unpublish', input.ids.join(','), { ids: input.ids });
    return ok(undefined, translate(lang, 'enableOk'));
  }
}
