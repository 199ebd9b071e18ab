import { type ExportColumn, sheetRows } from '@schoolflow/contracts';
import { saveBlob } from '../api/http.js';

/**
 * Writes rows as an .xlsx download, every cell a value and formula-looking text escaped (the rule the server uses
 * too). The spreadsheet library is loaded only when someone exports.
 */
export async function exportRows(fileName: string, columns: readonly ExportColumn[], rows: readonly Record<string, unknown>[]): Promise<void> {
  const XLSX = await import('@e965/xlsx');
  const sheet = XLSX.utils.aoa_to_sheet(sheetRows(columns, rows));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Sheet1');
  const bytes = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
  saveBlob(new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), fileName.endsWith('.xlsx') ? fileName : `${fileName}.xlsx`);
}

/** Every row of a paged list, page by page (largest page size), up to `max` rows. */
export async function allPages<T>(fetchPage: (current: number, size: number) => Promise<{ total: number; list: T[] }>, max = 50_000): Promise<T[]> {
  const size = 1000;
  const out: T[] = [];
  for (let current = 1; out.length < max; current++) {
    const page = await fetchPage(current, size);
    out.push(...page.list);
    if (page.list.length < size || out.length >= page.total) break;
  }
  return out.slice(0, max);
}
