import { formatEvalValue, levelFor, weightTotal } from '@schoolflow/contracts';
import { assignPeers, shapeResults } from './results-shape.js';

const levels = [
  { id: 'a', name: '优秀', description: '', score: null, min: 90, max: 100 },
  { id: 'b', name: '良好', description: '', score: null, min: 75, max: 89.99 },
  { id: 'c', name: '合格', description: '', score: null, min: 0, max: 74.99 },
];
const students = [1, 2, 3].map((i) => ({ studentId: `s${i}`, classId: 'c', studentNo: `00${i}`, name: `S${i}`, comment: null }));

describe('evaluation results', () => {
  it('rounds to the precision before the level, so 89.996 reads 90 and 优秀 at none, 90.0 at one, 90.00 at two — and 89.99 良好 at two', () => {
    const cells = [{ studentId: 's1', contentId: 'k', value: 89.996 }, { studentId: 's2', contentId: 'k', value: 84.45 }];
    const at = (p: 0 | 1 | 2) => shapeResults(students, [{ id: 'k', levels }], cells, p);
    expect(at(0).rows.map((r) => [r.values.k, r.levels.k])).toEqual([[90, '优秀'], [84, '良好'], [null, null]]);
    expect(at(1).rows.map((r) => formatEvalValue(r.values.k, 1))).toEqual(['90.0', '84.5', '']);
    expect(at(2).rows.map((r) => formatEvalValue(r.values.k, 2))).toEqual(['90.00', '84.45', '']);
    expect(at(0).distributions[0]).toEqual({ contentId: 'k', levels: [{ name: '优秀', count: 1 }, { name: '良好', count: 1 }, { name: '合格', count: 0 }], none: 1, average: 87 });
  });

  it('reads score levels as the best level at or below the value', () => {
    const scored = [{ name: 'A', score: 5 }, { name: 'B', score: 3 }, { name: 'C', score: 1 }];
    expect([5, 4.9, 3, 0.5].map((v) => levelFor(v, scored)?.name ?? null)).toEqual(['A', 'B', 'B', null]);
  });

  it('sums weights to two decimals (33.33 × 3 is within 100, 50 + 50.01 is not)', () => {
    expect(weightTotal([{ weight: 33.33 }, { weight: 33.33 }, { weight: 33.34 }])).toBe(100);
    expect(weightTotal([{ weight: 50 }, { weight: 50.01 }])).toBeGreaterThan(100);
  });

  it('names peers round the class: each evaluates and is evaluated by the same number, never themself', () => {
    const pairs = assignPeers(['a', 'b', 'c', 'd'], 2);
    expect(pairs).toHaveLength(8);
    expect(pairs.filter((p) => p.peerId === 'a').map((p) => p.studentId)).toEqual(['c', 'd']);
    expect(pairs.some((p) => p.peerId === p.studentId)).toBe(false);
    expect(assignPeers(['a', 'b'], 5)).toEqual([{ studentId: 'a', peerId: 'b' }, { studentId: 'b', peerId: 'a' }]);
  });
});
