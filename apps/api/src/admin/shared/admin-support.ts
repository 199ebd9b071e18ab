import { type ExportColumn, sheetRows } from '@schoolflow/contracts';
import { Injectable } from '@nestjs/common';
import * as XLSX from '@e965/xlsx';
import { normaliseTableRequest, type NormalisedTable } from '@schoolflow/contracts';
import { AppException } from '../../infrastructure/http/app-exception.js';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import { OperationLogService } from '../../system/domain/operation-log.service.js';

/** Writes every administrative change to the operation log (who, what, target, result, from where). */
@Injectable()
export class AdminAudit {
  constructor(private readonly oplog: OperationLogService) {}

  record(me: Principal, client: ClientInfo, action: string, target: string | null, detail: Record<string, unknown> = {}, result: 'success' | 'failure' = 'success'): Promise<void> {
    return this.oplog.append({ userId: me.userId, account: me.account, action, target, result, ip: client.ip, userAgent: client.userAgent, detail });
  }
}

export function tableRequest(body: unknown): NormalisedTable {
  const t = normaliseTableRequest(body);
  if ('error' in t) throw AppException.badRequest(t.error);
  return t;
}

/** The current shape answers `{total, list}`; the older one `{total, rows}` as well. */
export function page<T>(t: NormalisedTable, total: number, list: T[]): { total: number; list: T[]; rows?: T[] } {
  return t.legacy ? { total, list, rows: list } : { total, list };
}

export function str(v: unknown): string {
  return typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
}

/** One sheet, a header row and the rows; every cell written as a value (never a formula) and escaped. */
export function xlsxOf(sheetName: string, columns: ExportColumn[], rows: Record<string, unknown>[]): Buffer {
  const aoa = sheetRows(columns, rows);
  const ws = XLSX.utils.aoa_to_sheet(aoa);
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, sheetName.slice(0, 31) || 'Sheet1');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function attachmentHeader(name: string): string {
  return `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Postgres unique violation. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string };
  return e.code === '23505' && (!constraint || e.constraint === constraint);
}

export type { ExportColumn };
