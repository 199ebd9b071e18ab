/**
 * Conversion (docs/product/grades.md#grade-scales and #conversion-rules), pure: a raw score read by the course's scale —
 * its rank and converted score, its pass and excellence by the scale's lines — and by the school year's conversion
 * rules — its level, conversion score and colour. A scale's numbers are on its own score system (`fullScore`, e.g.
 * 100); an exam of other full marks (150) is read in proportion.
 */
export interface Scale {
  fullScore: number;
  passLine: number;
  excellentLine: number;
  ranks: readonly { name: string; convertedScore: number; min: number; max: number }[];
}

export interface ConversionRule {
  level: string;
  lowest: number;
  highest: number;
  conversionScore: number;
  colour: string;
}

export interface Converted {
  rank: string | null;
  convertedScore: number | null;
  passed: boolean;
  excellent: boolean;
}

/** A score on the exam's full marks, put on the scale's score system. */
export function onScale(score: number, fullMarks: number, scale: Pick<Scale, 'fullScore'>): number {
  return fullMarks > 0 ? (score / fullMarks) * scale.fullScore : 0;
}

/** Rank, converted score, pass and excellence of a score by its course's scale. */
export function convertByScale(score: number, fullMarks: number, scale: Scale): Converted {
  const s = Math.round(onScale(score, fullMarks, scale) * 100) / 100;
  const rank = scale.ranks.find((r) => s >= r.min && s <= r.max) ?? null;
  return { rank: rank?.name ?? null, convertedScore: rank?.convertedScore ?? null, passed: s >= scale.passLine, excellent: s >= scale.excellentLine };
}

/**
 * The level of a score by a school year's conversion rules. One table serves papers of every full marks, so a score is
 * read as its percentage of the full marks (a 150-point paper's 135 is 90), and the rules' integers (0–200, above 100
 * for bonus points) are compared with its whole part.
 */
export function levelOf(score: number, fullMarks: number, rules: readonly ConversionRule[]): ConversionRule | null {
  const whole = Math.floor(fullMarks > 0 ? Math.round((score / fullMarks) * 10000) / 100 : 0);
  return rules.find((r) => whole >= r.lowest && whole <= r.highest) ?? null;
}

/** The pass and excellence lines of a scale on an exam's full marks (what the analysis counts against). */
export function linesOn(fullMarks: number, scale: Pick<Scale, 'fullScore' | 'passLine' | 'excellentLine'>): { pass: number; excellent: number } {
  const k = fullMarks / scale.fullScore;
  return { pass: scale.passLine * k, excellent: scale.excellentLine * k };
}
