import { describe, expect, it } from '@jest/globals';
import { formatSchoolTime, type QuestionInput, questionsRefusal, surveyInputSchema, type SurveyInput, windowRefusal } from '@schoolflow/contracts';
import { contentOf, lockedEditRefused, pictureRefusal, picturesOf, statusRefusal, storedQuestion, surveyWindow } from './survey-rules.js';

const TZ = 'Asia/Shanghai';
const DAY = 24 * 60 * 60 * 1000;
/** A school day counted from today (no fixed calendar dates). */
const day = (offset: number): string => formatSchoolTime(Date.now() + offset * DAY, TZ).slice(0, 10);

const choice = (over: Partial<QuestionInput> = {}): QuestionInput => ({ type: 'single', title: '满意吗', options: [{ label: '是' }, { label: '否' }], ...over });
const survey = (over: Partial<SurveyInput> = {}): SurveyInput => ({ name: '食堂', category: '2', start: `${day(0)} 08:00`, end: `${day(7)} 18:00`, public: true, questions: [choice()], ...over });

describe('the contract: questions as a whole', () => {
  it('needs at least one question', () => {
    expect(questionsRefusal([])).toEqual({ index: 0, key: 'validation.surveyQuestionsRequired' });
  });

  it('needs options on choice and matrix questions, none on the others', () => {
    expect(questionsRefusal([choice({ options: [] })])?.key).toBe('validation.surveyOptionsRequired');
    expect(questionsRefusal([choice({ type: 'multiple', options: undefined })])?.key).toBe('validation.surveyOptionsRequired');
    expect(questionsRefusal([{ type: 'matrix', title: 'm', rows: ['a'] }])?.key).toBe('validation.surveyOptionsRequired');
    expect(questionsRefusal([{ type: 'text', title: 't' }, { type: 'date', title: 'd' }])).toBeNull();
  });

  it('takes min ≤ max only, and a multiple choice no more than its options', () => {
    expect(questionsRefusal([{ type: 'text', title: 't', min: 5, max: 2 }])?.key).toBe('validation.surveyMinMax');
    expect(questionsRefusal([choice({ type: 'multiple', min: 1, max: 3 })])?.key).toBe('validation.surveyMinMax');
    expect(questionsRefusal([choice({ type: 'multiple', min: 1, max: 2 })])).toBeNull();
  });

  it('keeps a rating scale within 10 and above its minimum', () => {
    expect(questionsRefusal([{ type: 'rating', title: 'r', max: 11 }])?.key).toBe('validation.surveyRatingScale');
    expect(questionsRefusal([{ type: 'rating', title: 'r', min: 5, max: 5 }])?.key).toBe('validation.surveyRatingScale');
    expect(questionsRefusal([{ type: 'rating', title: 'r' }])).toBeNull();
  });

  it('wants a matrix to have rows, or rows from the respondent', () => {
    expect(questionsRefusal([{ type: 'matrix', title: 'm', options: [{ label: '好' }] }])?.key).toBe('validation.surveyRowsRequired');
    expect(questionsRefusal([{ type: 'matrix', title: 'm', options: [{ label: '好' }], rowsSource: 'myTeachers' }])).toBeNull();
  });

  it('lets show-if refer only to an earlier choice question and its options', () => {
    const text = { type: 'text' as const, title: 'why' };
    expect(questionsRefusal([choice(), { ...text, showIf: { question: 0, options: [1] } }])).toBeNull();
    expect(questionsRefusal([choice(), { ...text, showIf: { question: 0, options: [2] } }])).toEqual({ index: 1, key: 'validation.surveyShowIfInvalid' });
    expect(questionsRefusal([{ ...text, showIf: { question: 0, options: [0] } }])?.key).toBe('validation.surveyShowIfInvalid');
    expect(questionsRefusal([text, { ...text, title: 'b', showIf: { question: 0, options: [0] } }])?.key).toBe('validation.surveyShowIfInvalid');
    expect(questionsRefusal([choice({ showIf: { question: 1, options: [0] } }), choice()])?.key).toBe('validation.surveyShowIfInvalid');
  });

  it('wants start and end different, the end after the start', () => {
    expect(windowRefusal(day(1), day(1))).toBe('validation.surveyWindowSame');
    expect(windowRefusal(`${day(1)} 08:00`, `${day(1)} 08:00`)).toBe('validation.surveyWindowSame');
    expect(windowRefusal(day(2), day(1))).toBe('validation.surveyWindowOrder');
    expect(windowRefusal(day(1), day(2))).toBeNull();
  });

  it('the schema answers the first refusal as its message, and needs an audience or public', () => {
    const first = (v: unknown) => surveyInputSchema.safeParse(v).error?.issues[0]?.message;
    expect(surveyInputSchema.safeParse(survey()).success).toBe(true);
    expect(first(survey({ name: '  ' }))).toBe('validation.surveyNameRequired');
    expect(first(survey({ category: '' }))).toBe('validation.surveyCategoryRequired');
    expect(first({ ...survey(), start: '' })).toBe('validation.surveyStartRequired');
    expect(first(survey({ public: undefined }))).toBe('validation.surveyAudienceRequired');
    expect(first(survey({ questions: [] }))).toBe('validation.surveyQuestionsRequired');
    expect(first(survey({ end: `${day(0)} 08:00` }))).toBe('validation.surveyWindowSame');
  });
});

describe('surveyWindow', () => {
  it('opens a bare start date at its midnight and closes a bare end date at the end of that day', () => {
    const w = surveyWindow(day(1), day(1 + 2), TZ);
    expect(w && formatSchoolTime(w.startAt.getTime(), TZ)).toBe(`${day(1)} 00:00`);
    expect(w && formatSchoolTime(w.endAt.getTime(), TZ)).toBe(`${day(4)} 00:00`);
  });

  it('takes times as typed', () => {
    const w = surveyWindow(`${day(1)} 08:30`, `${day(2)} 17:00`, TZ);
    expect(w && formatSchoolTime(w.endAt.getTime(), TZ)).toBe(`${day(2)} 17:00`);
  });
});

describe('the edit lock', () => {
  const start = new Date(Date.now());
  const end = new Date(Date.now() + 7 * DAY);
  const was = contentOf(survey(), start);

  it('takes a later end with nothing else changed, and the same end', () => {
    expect(lockedEditRefused(was, end, contentOf(survey(), start), new Date(end.getTime() + DAY))).toBe(false);
    expect(lockedEditRefused(was, end, contentOf(survey(), start), end)).toBe(false);
  });

  it('refuses an earlier end, another start, name, question or option', () => {
    expect(lockedEditRefused(was, end, contentOf(survey(), start), new Date(end.getTime() - 1))).toBe(true);
    expect(lockedEditRefused(was, end, contentOf(survey(), new Date(start.getTime() + 1)), end)).toBe(true);
    expect(lockedEditRefused(was, end, contentOf(survey({ name: '食堂2' }), start), end)).toBe(true);
    expect(lockedEditRefused(was, end, contentOf(survey({ questions: [choice({ title: '满意吗？' })] }), start), end)).toBe(true);
    expect(lockedEditRefused(was, end, contentOf(survey({ questions: [choice({ options: [{ label: '是' }, { label: '不' }] })] }), start), end)).toBe(true);
  });

  it('is not fooled by how the stored form differs from the sent one (key order, absent optional fields)', () => {
    const stored = { ...choice(), required: false, min: undefined, showIf: undefined, options: [{ picture: null, label: '是' }, { label: '否', picture: null }] };
    expect(lockedEditRefused(contentOf(survey({ questions: [stored] }), start), end, was, end)).toBe(false);
    expect(storedQuestion({ type: 'text', title: 't', options: [{ label: 'x' }] }).options).toEqual([]);
  });
});

describe('statusRefusal', () => {
  const now = new Date();
  const later = new Date(now.getTime() + DAY);
  const s = (enabled: boolean, published: boolean, endAt = later) => ({ enabled, published, endAt });

  it('publishes a questionnaire in use that has not ended, once', () => {
    expect(statusRefusal('publish', s(true, false), now)).toBeNull();
    expect(statusRefusal('publish', s(true, true), now)).toBe('alreadyPublished');
    expect(statusRefusal('publish', s(false, false), now)).toBe('notEnabled');
    expect(statusRefusal('publish', s(true, false, now), now)).toBe('ended');
  });

  it('unpublishes only a published one', () => {
    expect(statusRefusal('unpublish', s(true, true), now)).toBeNull();
    expect(statusRefusal('unpublish', s(true, false), now)).toBe('notPublished');
  });

  it('puts in use an unused one; takes out of use an unpublished one in use', () => {
    expect(statusRefusal('enable', s(false, false), now)).toBeNull();
    expect(statusRefusal('enable', s(true, false), now)).toBe('alreadyEnabled');
    expect(statusRefusal('disable', s(true, false), now)).toBeNull();
    expect(statusRefusal('disable', s(false, false), now)).toBe('alreadyDisabled');
    expect(statusRefusal('disable', s(true, true), now)).toBe('published');
  });
});

describe('pictureRefusal', () => {
  it('takes a JPG of at most 2 MB', () => {
    expect(pictureRefusal({ name: 'a.jpg', suffix: 'jpg', size: 2 * 1024 * 1024 })).toBeNull();
    expect(pictureRefusal({ name: 'a.JPEG', suffix: '.JPEG', size: 10 })).toBeNull();
  });

  it('refuses another type, an empty file and a larger one', () => {
    expect(pictureRefusal({ name: 'a.png', suffix: 'png', size: 10 })).toBe('pictureType');
    expect(pictureRefusal({ name: 'a.jpg', suffix: 'jpg', size: 0 })).toBe('pictureEmpty');
    expect(pictureRefusal({ name: 'a.jpg', suffix: 'jpg', size: 2 * 1024 * 1024 + 1 })).toBe('pictureTooLarge');
  });

  it('lists each picture of the options once', () => {
    const p = '0b7d3c3e-8a55-4c1e-9a43-0f0e3f6b1d2a';
    expect(picturesOf([storedQuestion(choice({ options: [{ label: 'a', picture: p }, { label: 'b', picture: p }, { label: 'c' }] }))])).toEqual([p]);
  });
});
