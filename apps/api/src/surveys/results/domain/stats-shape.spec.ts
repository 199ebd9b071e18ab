import { describe, expect, it } from '@jest/globals';
import { percent, questionStats, ratingScale, type ResultQuestion, teacherSummary } from './stats-shape.js';

const q = (over: Partial<ResultQuestion> & Pick<ResultQuestion, 'id' | 'type'>): ResultQuestion => ({ position: 0, title: over.id, options: [], min: null, max: null, rows: [], rowsSource: null, ...over });
const opts = (...labels: string[]) => labels.map((label) => ({ label, picture: null }));

describe('laying out the counted statistics', () => {
  it('gives every option its count and share of the respondents, zero where nobody chose it', () => {
    const single = q({ id: 's', type: 'single', options: opts('A', 'B', 'C') });
    const multiple = q({ id: 'm', type: 'multiple', options: opts('x', 'y') });
    const [s, m] = questionStats(
      [single, multiple],
      [
        { questionId: 's', option: 0, row: null, number: null, date: null, count: 2 },
        { questionId: 's', option: 2, row: null, number: null, date: null, count: 1 },
        { questionId: 'm', option: 0, row: null, number: null, date: null, count: 3 },
        { questionId: 'm', option: 1, row: null, number: null, date: null, count: 2 },
      ],
      [
        { questionId: 's', row: null, answered: 3, average: null },
        { questionId: 'm', row: null, answered: 3, average: null },
      ],
      new Map(),
      new Map(),
    );
    expect(s).toMatchObject({ type: 'single', answered: 3, options: [{ label: 'A', count: 2, percent: 66.7 }, { label: 'B', count: 0, percent: 0 }, { label: 'C', count: 1, percent: 33.3 }] });
    // a multiple choice's shares add up to more than 100
    expect(m).toMatchObject({ type: 'multiple', options: [{ count: 3, percent: 100 }, { count: 2, percent: 66.7 }] });
  });

  it("lists a rating's whole scale with the mean, a matrix's rows and cells, dates in order", () => {
    const rating = q({ id: 'r', type: 'rating', min: 1, max: 5 });
    const matrix = q({ id: 'x', type: 'matrix', options: opts('bad', 'ok', 'good'), rows: ['food', 'service'] });
    const date = q({ id: 'd', type: 'date' });
    const [r, x, d] = questionStats(
      [rating, matrix, date],
      [
        { questionId: 'r', option: null, row: null, number: 4, date: null, count: 1 },
        { questionId: 'r', option: null, row: null, number: 5, date: null, count: 3 },
        { questionId: 'x', option: 2, row: '0', number: 3, date: null, count: 2 },
        { questionId: 'x', option: 0, row: '1', number: 1, date: null, count: 1 },
        { questionId: 'd', option: null, row: null, number: null, date: '2026-12-02', count: 1 },
        { questionId: 'd', option: null, row: null, number: null, date: '2026-12-01', count: 2 },
      ],
      [
        { questionId: 'r', row: null, answered: 4, average: 4.75 },
        { questionId: 'x', row: null, answered: 2, average: null },
        { questionId: 'x', row: '0', answered: 2, average: 3 },
        { questionId: 'x', row: '1', answered: 1, average: 1 },
        { questionId: 'd', row: null, answered: 3, average: null },
      ],
      new Map(),
      new Map(),
    );
    expect(r).toMatchObject({ type: 'rating', average: 4.75, values: [{ value: 1, count: 0 }, { value: 2, count: 0 }, { value: 3, count: 0 }, { value: 4, count: 1, percent: 25 }, { value: 5, count: 3, percent: 75 }] });
    expect(x).toMatchObject({ type: 'matrix', answered: 2, rows: [{ key: '0', label: 'food', answered: 2, average: 3, columns: [{ count: 0 }, { count: 0 }, { count: 2, percent: 100 }] }, { key: '1', label: 'service', average: 1, columns: [{ count: 1, percent: 100 }, { count: 0 }, { count: 0 }] }] });
    expect(d).toMatchObject({ type: 'date', dates: [{ date: '2026-12-01', count: 2 }, { date: '2026-12-02', count: 1 }] });
  });

  it('summarises teachers best first, per item and overall', () => {
    const items = [q({ id: 'i1', type: 'matrix', rowsSource: 'myTeachers', title: 'clear' }), q({ id: 'i2', type: 'matrix', rowsSource: 'myTeachers', title: 'kind' })];
    const out = teacherSummary(
      items,
      [
        { teacherId: 't1', questionId: 'i1', answered: 2, sum: 6 },
        { teacherId: 't1', questionId: 'i2', answered: 2, sum: 8 },
        { teacherId: 't2', questionId: 'i1', answered: 1, sum: 5 },
      ],
      new Map([
        ['t1', { answered: 2, scores: 4, sum: 14 }],
        ['t2', { answered: 1, scores: 1, sum: 5 }],
      ]),
      new Map([
        ['t1', '王老师'],
        ['t2', '李老师'],
      ]),
    );
    expect(out).toEqual([
      { teacherId: 't2', name: '李老师', answered: 1, average: 5, items: [{ questionId: 'i1', title: 'clear', answered: 1, average: 5 }, { questionId: 'i2', title: 'kind', answered: 0, average: null }] },
      { teacherId: 't1', name: '王老师', answered: 2, average: 3.5, items: [{ questionId: 'i1', title: 'clear', answered: 2, average: 3 }, { questionId: 'i2', title: 'kind', answered: 2, average: 4 }] },
    ]);
  });

  it('rounds shares to one decimal and knows the default scale', () => {
    expect([percent(1, 3), percent(0, 0), percent(2, 2)]).toEqual([33.3, 0, 100]);
    expect(ratingScale({ min: null, max: null })).toEqual([1, 2, 3, 4, 5]);
  });
});
