import * as XLSX from '@e965/xlsx';
import { expect } from '@jest/globals';
import type { Envelope } from '@schoolflow/contracts';
import { baseUrl, type CallResult, login, randomIp } from './api.js';

let adminToken: Promise<string> | undefined;
/** One administrator session shared by the tests of a file. */
export function admin(): Promise<string> {
  adminToken ??= login('admin');
  return adminToken;
}

/** The answer of a refused request: an envelope with code 400 and the translated message. */
export function expectRefused(res: CallResult<unknown>, msg: string | RegExp): void {
  expect(res.body.result).toBe(false);
  expect(res.body.code).toBe(400);
  if (typeof msg === 'string') expect(res.body.msg).toBe(msg);
  else expect(res.body.msg).toMatch(msg);
}

export function expectOk(res: CallResult<unknown>): void {
  expect({ code: res.body.code, result: res.body.result, msg: res.body.msg }).toMatchObject({ code: 200, result: true });
}

/** A workbook of one sheet from rows (first row: the header). */
/** A one-sheet workbook: xlsx, or the older binary .xls (BIFF8) that schools still send. */
export function workbook(rows: (string | number)[][], bookType: 'xlsx' | 'biff8' = 'xlsx'): Buffer {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'users');
  return XLSX.write(wb, { type: 'buffer', bookType }) as Buffer;
}

/** POSTs one file as the multipart field `file`. */
export async function upload<T>(path: string, token: string, bytes: Buffer, fileName: string): Promise<{ status: number; body: Envelope<T> }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), fileName);
  const res = await fetch(`${baseUrl()}/server${path}`, { method: 'POST', headers: { 'X-Access-Token': token, 'X-Forwarded-For': randomIp() }, body: form });
  return { status: res.status, body: JSON.parse(await res.text()) as Envelope<T> };
}

/** POSTs JSON and answers the raw response (for file downloads). */
export async function download(path: string, token: string, json: unknown = {}): Promise<{ status: number; type: string; bytes: Buffer }> {
  const res = await fetch(`${baseUrl()}/server${path}`, {
    method: 'POST',
    headers: { 'X-Access-Token': token, 'X-Forwarded-For': randomIp(), 'Content-Type': 'application/json' },
    body: JSON.stringify(json),
  });
  return { status: res.status, type: res.headers.get('content-type') ?? '', bytes: Buffer.from(await res.arrayBuffer()) };
}

export function sheetRows(bytes: Buffer): unknown[][] {
  const wb = XLSX.read(bytes, { type: 'buffer' });
  const ws = wb.Sheets[wb.SheetNames[0] as string];
  return ws ? XLSX.utils.sheet_to_json<unknown[]>(ws, { header: 1, defval: '' }) : [];
}
