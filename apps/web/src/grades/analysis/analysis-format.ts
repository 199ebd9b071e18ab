import { SCORE_BANDS } from '@schoolflow/contracts';
import { gradesText } from '../use-grades-t.js';

/** The distribution's band names (SCORE_BANDS as percentages of full marks), as the server's export names them. */
export function bandLabels(): string[] {
  const e = [...SCORE_BANDS];
  return [
    gradesText('analysis.bands.below', { to: e[0] ?? 0 }),
    ...e.slice(1).map((to, i) => gradesText('analysis.bands.between', { from: e[i] ?? 0, to })),
    gradesText('analysis.bands.from', { from: e[e.length - 1] ?? 0 }),
  ];
}

/** A number of the tables: as the server rounded it, or a dash for none. */
export function num(v: number | null | undefined): string {
  return v === null || v === undefined ? '—' : String(v);
}
