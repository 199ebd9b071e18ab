import { describe, expect, it } from '@jest/globals';
import { exportHeader, exportRow, type ExportTexts } from './export-rows.js';
import type { ResultQuestion } from './stats-shape.js';

const t: ExportTexts = { time: 'time', className: 'class', grade: 'grade', respondent: 'who', account: 'account', separator: '; ' };
const opts = (...labels: string[]) => labels.map((label) => ({ label, picture: null }));
const base = { min: null, max: null, rows: [] as string[], rowsSource: null, options: opts() };
const questions: ResultQuestion[] = [
  { ...base, id: 'a', position: 0, type: 'single', title: 'Pick', options: opts('A', 'B') },
  { ...base, id: 'b', position: 1, type: 'multiple', title: 'Many', options: opts('x', 'y', 'z') },
  { ...base, id: 'c', position: 2, type: 'matrix', title: 'Grid', options: opts('bad', 'good'), rows: ['food'] },
  { ...base, id: 'd', position: 3, type: 'matrix', title: 'Teachers', options: opts('bad', 'good'), rowsSource: 'myTeachers' },
  { ...base, id: 'e', position: 4, type: 'rating', title: 'Stars' },
  { ...base, id: 'f', position: 5, type: 'date', title: 'When' },
  { ...base, id: 'g', position: 6, type: 'text', title: 'Say' },
];

describe('a response as a row of the export', () => {
  it('has a header of numbered questions, with who answered only when named', () => {
    expect(exportHeader(questions.slice(0, 1), t, false)).toEqual(['time', 'class', 'grade', '1. Pick']);
    expect(exportHeader(questions.slice(0, 1), t, true)).toEqual(['time', 'class', 'grade', 'who', 'account', '1. Pick']);
  });

  it('writes labels, joined choices, matrix cells by row (or teacher), numbers, dates and texts; blanks for the unanswered', () => {
    const row = exportRow(
      {
        createdAt: new Date(),
        className: '高一(1)班',
        grade: 10,
        respondentName: null,
        respondentAccount: null,
        answers: [
          ['a', 1, null, null, null, null, null],
          ['b', 0, null, null, null, null, null],
          ['b', 2, null, null, null, null, null],
          ['c', null, 0, null, 2, null, null],
          ['d', 0, null, 't1', 1, null, null],
          ['e', null, null, null, 4, null, null],
          ['f', null, null, null, null, null, '2026-12-01'],
        ],
      },
      questions,
      new Map([['t1', '王老师']]),
      t,
      false,
      '2026-11-28 09:00',
    );
    expect(row).toEqual(['2026-11-28 09:00', '高一(1)班', 10, 'B', 'x; z', 'food: good', '王老师: bad', 4, '2026-12-01', '']);
  });
});
