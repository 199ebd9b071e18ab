import { describe, expect, it } from '@jest/globals';
import type { ResolverOptions } from 'react-hook-form';
import type { SurveyDetail } from '@schoolflow/contracts';
import {
  changeType,
  conditionSources,
  emptyDraft,
  fromDetail,
  moveQuestion,
  newQuestion,
  pictureRefusal,
  pruneConditions,
  type QuestionDraft,
  resolver,
  type SurveyDraft,
  teachingQualityQuestions,
  toBody,
} from './designer-model.js';

const PICTURE = '1a2b3c4d-1111-4222-8333-944455566677';
const CLASS = '0e4f3c1a-8d53-4f39-9a7e-1b2c3d4e5f60';
const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<SurveyDraft>;

const single = (key: string, title: string, labels: string[]): QuestionDraft => ({ ...newQuestion('single', key), title, options: labels.map((label) => ({ label, picture: '' })) });
const draft = (over: Partial<SurveyDraft> = {}): SurveyDraft => ({
  ...emptyDraft(new Date('2026-03-02T00:00:00Z')),
  name: '食堂满意度调查',
  category: 'canteen',
  questions: [single('a', '你常在食堂吃午饭吗？', ['常去', '偶尔']), { ...newQuestion('text', 'b'), title: '有什么建议？', required: false }],
  ...over,
});

describe('the question designer model', () => {
  it('sends four kinds, a picture option, min/max, a matrix and a condition as the shared schema reads them', async () => {
    const questions: QuestionDraft[] = [
      { ...single('a', '最喜欢的菜', ['红烧肉', '青菜']), options: [{ label: '红烧肉', picture: PICTURE }, { label: '青菜', picture: '' }] },
      { ...newQuestion('multiple', 'b'), title: '常吃的主食', options: [{ label: '米饭', picture: '' }, { label: '面条', picture: '' }, { label: '馒头', picture: '' }], min: '1', max: '2' },
      { ...newQuestion('rating', 'c'), title: '总体评分', showIfKey: 'a', showIfOptions: [1, 0] },
      { ...newQuestion('matrix', 'd'), title: '各窗口', rows: [{ label: '一号窗口' }, { label: '二号窗口' }], options: ['差', '中', '好'].map((label) => ({ label, picture: '' })) },
      { ...newQuestion('date', 'e'), title: '最近一次就餐', required: false },
    ];
    const { values, errors } = await resolver(draft({ questions }), undefined, options);
    expect(errors).toEqual({});
    expect(values).toMatchObject({ name: '食堂满意度调查', category: 'canteen', start: '2026-03-02 08:00', end: '2026-03-09 08:00', public: true, anonymous: false });
    expect(values).not.toHaveProperty('audience');
    expect(values.questions).toEqual([
      { type: 'single', title: '最喜欢的菜', required: true, options: [{ label: '红烧肉', picture: PICTURE }, { label: '青菜' }] },
      { type: 'multiple', title: '常吃的主食', required: true, options: [{ label: '米饭' }, { label: '面条' }, { label: '馒头' }], min: 1, max: 2 },
      // the condition names its question by key in the form, by position once sent; its options in order
      { type: 'rating', title: '总体评分', required: true, min: 1, max: 5, showIf: { question: 0, options: [0, 1] } },
      { type: 'matrix', title: '各窗口', required: true, options: [{ label: '差' }, { label: '中' }, { label: '好' }], rows: ['一号窗口', '二号窗口'] },
      { type: 'date', title: '最近一次就餐', required: false },
    ]);
  });

  it('refuses with the spec’s keys on the inputs they are about, the whole-form rules included at once', async () => {
    const { errors } = await resolver(draft({ name: ' ', category: '', questions: [] }), undefined, options);
    expect(errors.name?.message).toBe('validation.surveyNameRequired');
    expect(errors.category?.message).toBe('validation.surveyCategoryRequired');
    // at least one question: said although other fields are wanting too
    expect(errors.questions?.message).toBe('validation.surveyQuestionsRequired');

    const same = await resolver(draft({ end: draft().start }), undefined, options);
    expect(same.errors.end?.message).toBe('validation.surveyWindowSame');

    const noOptions = await resolver(draft({ questions: [{ ...single('a', '午饭', []) }] }), undefined, options);
    expect(noOptions.errors.questions?.[0]?.options?.message).toBe('validation.surveyOptionsRequired');

    const untitled = await resolver(draft({ questions: [single('a', '', ['是', '否'])] }), undefined, options);
    expect(untitled.errors.questions?.[0]?.title?.message).toBe('validation.surveyQuestionTitleRequired');

    const minMax = await resolver(draft({ questions: [{ ...newQuestion('multiple', 'a'), title: '多选', options: [{ label: 'x', picture: '' }, { label: 'y', picture: '' }], min: '2', max: '1' }] }), undefined, options);
    expect(minMax.errors.questions?.[0]?.key?.message).toBe('validation.surveyMinMax');

    const audience = await resolver(draft({ mode: 'audience' }), undefined, options);
    expect(audience.errors.school?.message).toBe('validation.postAudienceRequired');
    const chosen = await resolver(draft({ mode: 'audience', classIds: [CLASS], parents: true }), undefined, options);
    expect(chosen.errors).toEqual({});
    expect(chosen.values.audience).toEqual({ classIds: [CLASS], students: true, staff: false, parents: true });
  });

  it('offers only earlier choice questions as a condition, and drops a condition a move or removal breaks', () => {
    const qs = [single('a', 'A', ['x', 'y']), { ...newQuestion('text', 'b'), title: 'B' }, { ...single('c', 'C', ['p']), showIfKey: 'a', showIfOptions: [1] }];
    expect(conditionSources(qs, 2).map((s) => s.key)).toEqual(['a']);
    expect(conditionSources(qs, 0)).toEqual([]);
    // C moved above A: its condition would look forward, so it goes
    const moved = moveQuestion(qs, 2, 0);
    expect(moved.map((q) => q.key)).toEqual(['c', 'a', 'b']);
    expect(moved[0]).toMatchObject({ showIfKey: '', showIfOptions: [] });
    // A moved below B but still above C: the condition holds and still names A (by key, not position)
    const kept = moveQuestion(qs, 0, 1);
    expect(kept.map((q) => q.key)).toEqual(['b', 'a', 'c']);
    expect(kept[2]).toMatchObject({ showIfKey: 'a', showIfOptions: [1] });
    expect(toBody({ ...draft(), questions: kept }).questions).toMatchObject([{}, {}, { showIf: { question: 1, options: [1] } }]);
    // A's second option removed: the condition on it goes
    const fewer = pruneConditions([{ ...qs[0], options: [{ label: 'x', picture: '' }] } as QuestionDraft, qs[1] as QuestionDraft, qs[2] as QuestionDraft]);
    expect(fewer[2]).toMatchObject({ showIfKey: '', showIfOptions: [] });
    // out of range: nothing moves
    expect(moveQuestion(qs, 0, 5).map((q) => q.key)).toEqual(['a', 'b', 'c']);
  });

  it('changes a kind keeping the title, and the choices only between single and multiple', () => {
    const q = { ...single('a', '主食', ['米饭', '面条']), required: false };
    expect(changeType(q, 'multiple')).toMatchObject({ key: 'a', type: 'multiple', title: '主食', required: false, options: q.options });
    const rating = changeType(q, 'rating');
    expect(rating).toMatchObject({ key: 'a', type: 'rating', title: '主食', options: [], min: '1', max: '5' });
    expect(changeType(q, 'matrix')).toMatchObject({ rows: [{ label: '' }], options: [{ label: '' }, { label: '' }, { label: '' }].map((o) => ({ ...o, picture: '' })) });
  });

  it('refuses a picture that is not a JPG of at most 2 MB before anything is sent', () => {
    expect(pictureRefusal({ name: '菜.png', size: 1000 })).toEqual({ key: 'pictureType', vars: { name: '菜.png' } });
    expect(pictureRefusal({ name: '菜.JPG', size: 2 * 1024 * 1024 + 1 })).toEqual({ key: 'pictureTooLarge', vars: { name: '菜.JPG', mb: 2 } });
    expect(pictureRefusal({ name: '菜.jpg', size: 0 })).toEqual({ key: 'pictureEmpty', vars: { name: '菜.jpg' } });
    expect(pictureRefusal({ name: '菜.jpeg', size: 2 * 1024 * 1024 })).toBeNull();
  });

  it('makes the teaching-quality template a matrix of the respondent’s teachers', () => {
    const [matrix, remark] = teachingQualityQuestions({ rate: '评价', scale: ['差', '好'], remark: '建议' });
    expect(toBody({ ...draft(), template: 'teaching-quality', questions: [matrix, remark] as QuestionDraft[] })).toMatchObject({
      template: 'teaching-quality',
      questions: [
        { type: 'matrix', title: '评价', rowsSource: 'myTeachers', options: [{ label: '差' }, { label: '好' }] },
        { type: 'text', title: '建议', required: false },
      ],
    });
  });

  it('reads a saved questionnaire back into the form, its condition by key, its times as the inputs hold them', () => {
    const saved = {
      id: 'x',
      name: '期中教学评价',
      category: 'teaching',
      categoryName: '教学',
      description: '',
      start: '2026-03-02 08:00',
      end: '2026-03-09T00:00:00.000Z',
      enabled: true,
      published: false,
      public: false,
      anonymous: true,
      open: false,
      answered: true,
      views: 3,
      respondents: 2,
      authorName: '管理员',
      createdAt: '2026-03-01T00:00:00.000Z',
      audience: { grades: [10], students: true, parents: false },
      template: null,
      questions: [
        { id: 'q2', position: 1, type: 'text', title: '建议', required: false, options: [], min: null, max: 200, rows: [], rowsSource: null, showIf: { question: 0, options: [1] } },
        { id: 'q1', position: 0, type: 'single', title: '满意吗', required: true, options: [{ label: '是', picture: null }, { label: '否', picture: PICTURE }], min: null, max: null, rows: [], rowsSource: null, showIf: null },
      ],
    } satisfies SurveyDetail;
    const d = fromDetail(saved);
    expect(d).toMatchObject({ mode: 'audience', grades: ['10'], anonymous: true, start: '2026-03-02T08:00', end: '2026-03-09T08:00' });
    expect(d.questions.map((q) => q.title)).toEqual(['满意吗', '建议']);
    expect(d.questions[1]).toMatchObject({ showIfKey: d.questions[0]?.key, showIfOptions: [1], max: '200' });
    expect(d.questions[0]?.options[1]).toEqual({ label: '否', picture: PICTURE });
    // and sent again unchanged
    expect(toBody(d)).toMatchObject({ start: '2026-03-02 08:00', end: '2026-03-09 08:00', audience: { grades: [10] }, questions: [{ type: 'single' }, { type: 'text', max: 200, showIf: { question: 0, options: [1] } }] });
  });
});
