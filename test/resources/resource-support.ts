import { randomBytes } from 'node:crypto';
import * as XLSX from '@e965/xlsx';
import { RESOURCES, resourcePath, withCheckCharacter } from '@schoolflow/contracts';
import { baseUrl, call, randomIp, withDb } from '../support/api.js';

/**
 * Helpers of the resource kit's e2e tests (test/resources). The tests share the run's one server and database with
 * every other file, so what they create is named with a per-file tag, kept out of the demo classes, and removed.
 */

/** Letters and digits only (codes of buildings, courses, majors take nothing else), upper case. */
export const runTag = (): string => randomBytes(4).toString('hex').toUpperCase().replace(/[^A-Z0-9]/g, '');

/** Digits only (class numbers), 9 of them. */
export const digitTag = (): string => String(100_000_000 + (randomBytes(4).readUInt32BE(0) % 900_000_000));

export const path = (name: string, tail = ''): string => resourcePath(RESOURCES[name] ?? { name }, tail);

/** The table a resource writes (from its declaration: a renamed table fails here first). */
export const tableOf = (name: string): string => {
  const d = RESOURCES[name];
  if (!d) throw new Error(`no resource ${name}`);
  return d.table;
};

export async function countRows(table: string, where = 'true', args: unknown[] = []): Promise<number> {
  return withDb(async (c) => Number((await c.query(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, args)).rows[0].n));
}

/** One record's id, by its key (a code, a name), read through the API as an administrator. */
export async function idByKey(token: string, name: string, field: string, value: string): Promise<string> {
  const res = await call<{ list: Record<string, unknown>[] }>(`${path(name)}?size=100&keyword=${encodeURIComponent(value)}`, { token });
  const hit = res.body.data?.list.find((r) => r[field] === value);
  if (!hit) throw new Error(`${name}: no record with ${field} = ${value} (${res.status} ${res.body.msg})`);
  return String(hit.id);
}

export async function userIdOf(account: string): Promise<string> {
  return withDb(async (c) => {
    const row = (await c.query(`SELECT id FROM sys_user WHERE account = $1`, [account])).rows[0] as { id: string } | undefined;
    if (!row) throw new Error(`no account ${account}`);
    return row.id;
  });
}

/**
 * A valid mainland resident ID: an area code, a birth date `YYYYMMDD` and a 3-digit serial. The demo school's are all
 * 310115…; each test file takes an area of its own (110101, 110102, …) so their ID numbers never meet.
 */
export const residentId = (area: string, born: string, serial: number): string => withCheckCharacter(`${area}${born}${String(serial % 1000).padStart(3, '0')}`);

/** The same ID with a wrong check character. */
export function withWrongCheck(id: string): string {
  const last = id.slice(-1);
  const wrong = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'X'].find((c) => c !== last.toUpperCase()) as string;
  return id.slice(0, -1) + wrong;
}

/** A GET answering a file (template, export): status, type and bytes. */
export async function getFile(pathAndQuery: string, token: string, lang: 'zh' | 'en' = 'zh'): Promise<{ status: number; type: string; disposition: string; bytes: Buffer }> {
  const res = await fetch(`${baseUrl()}/server${pathAndQuery}`, { headers: { 'X-Access-Token': token, 'X-Forwarded-For': randomIp(), 'Accept-Language': lang } });
  return { status: res.status, type: res.headers.get('content-type') ?? '', disposition: res.headers.get('content-disposition') ?? '', bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The first sheet of a workbook: its rows (strings as written) and whether any cell holds a formula. */
export function readSheet(bytes: Buffer): { rows: unknown[][]; formulas: string[] } {
  const wb = XLSX.read(bytes, { type: 'buffer', cellFormula: true });
  const ws = wb.Sheets[wb.SheetNames[0] as string] as XLSX.WorkSheet;
  const formulas = Object.entries(ws)
    .filter(([k, c]) => !k.startsWith('!') && typeof (c as XLSX.CellObject).f === 'string')
    .map(([k]) => k);
  return { rows: XLSX.utils.sheet_to_json<unknown[]>(ws, { header: 1, defval: '', raw: false }), formulas };
}

/** A one-sheet xlsx from rows (the first: the header). */
export function xlsx(rows: unknown[][]): Buffer {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
