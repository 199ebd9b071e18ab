import { beforeAll, describe, expect, it } from '@jest/globals';
import { AdminPath, type DictEntryRow, type DictTableRow } from '@schoolflow/contracts';
import { call, withDb } from '../support/api.js';
import { admin, expectOk, expectRefused } from '../support/admin.js';

/**
 * A dictionary's life through the administration's API (docs/product/administration.md#dictionaries): a renamed table
 * takes its entries along, a table with entries is not deleted, publishing switches entries, each change in the log.
 */
let token: string;
const post = <T = unknown>(path: string, json: unknown) => call<T>(path, { token, json });
const tag = Date.now().toString(36).toUpperCase().replace(/[^A-Z]/g, 'X');

beforeAll(async () => {
  token = await admin();
});

async function entriesOf(table: string): Promise<DictEntryRow[]> {
  return (await post<{ total: number; list: DictEntryRow[] }>(AdminPath.dictList, { current: 1, size: 50, query: { table } })).body.data?.list ?? [];
}

describe('a dictionary table and its entries', () => {
  it('a renamed table takes its entries; a table holding entries is not deleted; published entries switch; every change is logged', async () => {
    const first = `STD_E2E_${tag}A`;
    const renamed = `STD_E2E_${tag}B`;
    const created = await post<{ id: string }>(AdminPath.dictTableSave, { table: first, title: '改名字典' });
    expectOk(created);
    const tableId = created.body.data?.id as string;
    expectOk(await post(AdminPath.dictSave, { table: first, code: '01', name: '甲' }));
    expectOk(await post(AdminPath.dictSave, { table: first, code: '02', name: '乙' }));

    expectOk(await post(AdminPath.dictTableSave, { id: tableId, table: renamed, title: '改名字典' }));
    expect(await entriesOf(first)).toEqual([]);
    const moved = await entriesOf(renamed);
    expect(moved.map((e) => e.code)).toEqual(['01', '02']);
    const listed = await post<{ total: number; list: DictTableRow[] }>(AdminPath.dictTableList, { current: 1, size: 10, query: { keyword: renamed } });
    expect(listed.body.data?.list.map((t) => [t.table, t.entries])).toEqual([[renamed, 2]]);

    expectRefused(await post(AdminPath.dictTableDelete, { id: tableId }), '该字典表下还有字典项，不能删除');

    const ids = moved.map((e) => e.id);
    expectOk(await post(AdminPath.dictPublish, { ids, published: false }));
    expect((await entriesOf(renamed)).map((e) => e.published)).toEqual([false, false]);
    expectOk(await post(AdminPath.dictPublish, { ids, published: true }));
    expect((await entriesOf(renamed)).map((e) => e.published)).toEqual([true, true]);

    expectOk(await post(AdminPath.dictDelete, { ids }));
    expectOk(await post(AdminPath.dictTableDelete, { id: tableId }));
    const gone = await post(AdminPath.dictTableDelete, { id: tableId });
    expect([gone.body.code, gone.body.result, gone.body.msg]).toEqual([404, false, '字典表不存在']);

    const logged = await withDb(async (c) => (await c.query(`SELECT action FROM sys_operation_log WHERE target LIKE $1 OR target = ANY($2) ORDER BY id`, [`%${tag}%`, [ids.join(',')]])).rows.map((r: { action: string }) => r.action));
    expect(logged).toEqual(expect.arrayContaining(['dictTable.create', 'dict.create', 'dictTable.update', 'dict.unpublish', 'dict.publish', 'dict.delete', 'dictTable.delete']));
  });
});
