import { type EvalContent, type EvalDistribution, type EvalPrecision, type EvalResultRow, levelFor, roundToPrecision } from '@schoolflow/contracts';

/** One weighted value as the database computed it (eval_score rows of a round, weighted per content in SQL). */
export interface WeightedCell {
  studentId: string;
  contentId: string;
  value: number;
}
export interface ResultStudent {
  studentId: string;
  classId: string;
  studentNo: string;
  name: string;
  comment: string | null;
}

/**
 * The grid and the distributions from the weighted cells (docs/product/evaluations.md#results): each value rounded
 * to the template's precision FIRST, and the level and the averages taken from the rounded value — so what a page
 * shows, what is exported and which level it reads as never disagree at any precision.
 */
export function shapeResults(students: readonly ResultStudent[], contents: readonly Pick<EvalContent, 'id' | 'levels'>[], cells: readonly WeightedCell[], precision: EvalPrecision): { rows: EvalResultRow[]; distributions: EvalDistribution[] } {
  const byStudent = new Map<string, Map<string, number>>();
  for (const c of cells) {
    let m = byStudent.get(c.studentId);
    if (!m) byStudent.set(c.studentId, (m = new Map()));
    m.set(c.contentId, roundToPrecision(c.value, precision));
  }
  const counts = new Map(contents.map((c) => [c.id, { levels: new Map(c.levels.map((l) => [l.name, 0])), none: 0, sum: 0, n: 0 }]));
  const rows = students.map((s): EvalResultRow => {
    const mine = byStudent.get(s.studentId);
    const values: Record<string, number | null> = {};
    const levels: Record<string, string | null> = {};
    let sum = 0;
    let n = 0;
    for (const c of contents) {
      const v = mine?.get(c.id) ?? null;
      const level = levelFor(v, c.levels);
      values[c.id] = v;
      levels[c.id] = level?.name ?? null;
      const count = counts.get(c.id)!;
      if (v === null) count.none++;
      else {
        sum += v;
        n++;
        count.sum += v;
        count.n++;
        if (level) count.levels.set(level.name, (count.levels.get(level.name) ?? 0) + 1);
      }
    }
    return { studentId: s.studentId, classId: s.classId, studentNo: s.studentNo, name: s.name, values, levels, average: n ? roundToPrecision(sum / n, precision) : null, comment: s.comment };
  });
  const distributions = contents.map((c): EvalDistribution => {
    const count = counts.get(c.id)!;
    return { contentId: c.id, levels: [...count.levels].map(([name, n]) => ({ name, count: n })), none: count.none, average: count.n ? roundToPrecision(count.sum / count.n, precision) : null };
  });
  return { rows, distributions };
}

/**
 * Named peers (docs/adr/0045-evaluations.md#peers): in student-number order each student evaluates the next `count`
 * classmates, wrapping round — everyone is evaluated by as many as they evaluate, and no one by themself.
 */
export function assignPeers(studentIds: readonly string[], count: number): { studentId: string; peerId: string }[] {
  const n = studentIds.length;
  const k = Math.min(count, n - 1);
  const pairs: { studentId: string; peerId: string }[] = [];
  for (let i = 0; i < n; i++) for (let j = 1; j <= k; j++) pairs.push({ studentId: studentIds[i]!, peerId: studentIds[(i + j) % n]! });
  return pairs;
}
