import * as XLSX from '@e965/xlsx';
import { Injectable } from '@nestjs/common';
import { type EvalResults, type Language, resources } from '@schoolflow/contracts';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { RoundResults } from '../round-results/round-results.query.js';

/** The xlsx number format of a precision: the file shows exactly what the page shows (85, 85.0, 85.00). */
const NUMBER_FORMAT = ['0', '0.0', '0.00'] as const;

/**
 * 评价分析's export: the results grid (student × content with its level, the average, the head teacher's comment in
 * full) as one sheet, values at the template's precision — as numbers with that format, so sums still work in Excel.
 */
@Injectable()
export class ExportResults {
  constructor(private readonly results: RoundResults) {}

  async execute(roundId: string, classId: string | undefined, me: Principal, client: ClientInfo, lang: Language): Promise<{ fileName: string; body: Buffer }> {
    const r = await this.results.execute(roundId, classId, me, client);
    return { fileName: `${r.round.name}${r.class ? `-${r.class.name}` : ''}.xlsx`, body: workbook(r, lang) };
  }
}

export function workbook(r: EvalResults, lang: Language): Buffer {
  const t = resources[lang].evaluations.analysis;
  const themeName = new Map(r.themes.map((h) => [h.id, h.name]));
  const head = [t.studentNo, t.student, ...r.contents.flatMap((c) => [`${themeName.get(c.themeId) ?? ''}/${c.name}`, `${c.name}·${resources[lang].evaluations.levels.level}`]), t.average, t.comment];
  const body = r.rows.map((row) => [row.studentNo, row.name, ...r.contents.flatMap((c) => [row.values[c.id] ?? '', row.levels[c.id] ?? '']), row.average ?? '', row.comment ?? '']);
  const ws = XLSX.utils.aoa_to_sheet([head, ...body]);
  const z = NUMBER_FORMAT[r.precision];
  const numeric = [...r.contents.map((_, i) => 2 + i * 2), 2 + r.contents.length * 2];
  for (let y = 1; y <= body.length; y++)
    for (const x of numeric) {
      const cell = ws[XLSX.utils.encode_cell({ r: y, c: x })] as XLSX.CellObject | undefined;
      if (cell && cell.t === 'n') cell.z = z;
    }
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, t.sheetName.slice(0, 31));
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
