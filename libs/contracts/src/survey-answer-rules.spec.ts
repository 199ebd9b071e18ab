import { describe, expect, it } from '@jest/globals';
import { checkAnswers, type QuestionToAnswer, shownQuestions } from './survey-answer-rules.js';

const q = (position: number, over: Partial<QuestionToAnswer>): QuestionToAnswer => ({
  id: `q${position}`,
  position,
  type: 'single',
  required: false,
  optionCount: 3,
  min: null,
  max: null,
  rows: [],
  rowsArePeople: false,
  showIf: null,
  ...over,
});

const PAPER: QuestionToAnswer[] = [
  q(0, { required: true }),
  q(1, { type: 'text', required: true, max: 5, showIf: { question: 0, options: [2] } }),
  q(2, { type: 'multiple', min: 1, max: 2 }),
  q(3, { type: 'rating', required: true, min: 1, max: 5 }),
  q(4, { type: 'matrix', required: true, rows: [{ key: '0', label: 'A' }, { key: '1', label: 'B' }] }),
  q(5, { type: 'date' }),
];
const good = [
  { questionId: 'q0', value: 0 },
  { questionId: 'q2', value: [1, 0] },
  { questionId: 'q3', value: 5 },
  { questionId: 'q4', value: { 0: 2, 1: 0 } },
  { questionId: 'q5', value: '2028-02-29' },
];
const withValue = (id: string, value: unknown) => good.map((a) => (a.questionId === id ? { ...a, value } : a));

describe('checkAnswers', () => {
  it('accepts a full sheet, options ordered, matrix rows by index', () => {
    const out = checkAnswers(PAPER, good);
    expect('accepted' in out && out.accepted.map((a) => [a.question.id, a.value])).toEqual([
      ['q0', 0],
      ['q2', [0, 1]],
      ['q3', 5],
      ['q4', [{ rowIndex: 0, key: '0', column: 2 }, { rowIndex: 1, key: '1', column: 0 }]],
      ['q5', '2028-02-29'],
    ]);
  });

  it('refuses the first fault in question order, numbered from 1', () => {
    expect(checkAnswers(PAPER, good.slice(1))).toEqual({ refusal: { key: 'required', n: 1 } });
    expect(checkAnswers(PAPER, withValue('q0', 3))).toEqual({ refusal: { key: 'invalid', n: 1 } });
    expect(checkAnswers(PAPER, withValue('q2', [0, 1, 2]))).toEqual({ refusal: { key: 'atMost', n: 3, max: 2 } });
    expect(checkAnswers(PAPER, withValue('q2', [1, 1]))).toEqual({ refusal: { key: 'invalid', n: 3 } });
    expect(checkAnswers(PAPER, withValue('q3', 0))).toEqual({ refusal: { key: 'invalid', n: 4 } });
    expect(checkAnswers(PAPER, withValue('q3', 2.5))).toEqual({ refusal: { key: 'invalid', n: 4 } });
    expect(checkAnswers(PAPER, withValue('q4', { 0: 1 }))).toEqual({ refusal: { key: 'required', n: 5 } });
    expect(checkAnswers(PAPER, withValue('q4', { 0: 1, 1: 1, 9: 1 }))).toEqual({ refusal: { key: 'invalid', n: 5 } });
    expect(checkAnswers(PAPER, withValue('q5', '2027-02-29'))).toEqual({ refusal: { key: 'invalid', n: 6 } });
    expect(checkAnswers(PAPER, [...good, { questionId: 'nope', value: 1 }])).toEqual({ refusal: { key: 'unknownQuestion' } });
    expect(checkAnswers(PAPER, [...good, { questionId: 'q0', value: 1 }])).toEqual({ refusal: { key: 'unknownQuestion' } });
  });

  it('a blank optional answer is no answer; a minimum applies only to what is answered', () => {
    const out = checkAnswers(PAPER, withValue('q2', []));
    expect('accepted' in out && out.accepted.map((a) => a.question.id)).toEqual(['q0', 'q3', 'q4', 'q5']);
  });

  it('a show-if question is required only while shown, and dropped while hidden', () => {
    expect(checkAnswers(PAPER, withValue('q0', 2))).toEqual({ refusal: { key: 'required', n: 2 } });
    expect(checkAnswers(PAPER, [...withValue('q0', 2), { questionId: 'q1', value: '  123456 ' }])).toEqual({ refusal: { key: 'tooLong', n: 2, max: 5 } });
    const shown = checkAnswers(PAPER, [...withValue('q0', 2), { questionId: 'q1', value: ' 太咸 ' }]);
    expect('accepted' in shown && shown.accepted.find((a) => a.question.id === 'q1')?.value).toBe('太咸');
    const hidden = checkAnswers(PAPER, [...good, { questionId: 'q1', value: 'stale' }]);
    expect('accepted' in hidden && hidden.accepted.some((a) => a.question.id === 'q1')).toBe(false);
  });

  it('a condition on a hidden question hides its dependants too', () => {
    const chain = [q(0, {}), q(1, { showIf: { question: 0, options: [1] } }), q(2, { showIf: { question: 1, options: [0] } })];
    expect([...shownQuestions(chain, new Map<string, unknown>([['q0', 1], ['q1', 0]]))]).toEqual(['q0', 'q1', 'q2']);
    expect([...shownQuestions(chain, new Map<string, unknown>([['q0', 0], ['q1', 0]]))]).toEqual(['q0']);
  });
});
