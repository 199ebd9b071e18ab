import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Language } from '@schoolflow/contracts';
import { i18nReady, loadMessages } from '../i18n/i18n.js';
import type { Translator } from '../i18n/use-t.js';

// the flows' extras are pages' modules (with their styles); a grade sheet's subject is all this line reads of them
const subject = (form: Readonly<Record<string, unknown>>, lang: Language) => {
  const named = (v: unknown) => (typeof v === 'object' && v !== null ? (v as Record<string, string>)[lang] : undefined);
  return { className: named(form.className), kind: [named(form.courseName), form.batchName].filter(Boolean).join(' · ') };
};
jest.unstable_mockModule('./flow-extras.js', () => ({ extrasOf: (flow: string) => (flow === 'grade-confirmation' ? { subject } : {}) }));
const { requestSummary } = await import('./flow-columns.js');
const { flowLabel } = await import('./labels.js');

beforeAll(async () => {
  await i18nReady;
  await loadMessages(['zh', 'en']);
});

const t = ((key: string) => key) as Translator['t'];
const sheet = (zh: string, en: string) => ({ batchName: '期中考试', className: { zh, en }, courseName: { zh: '数学', en: 'Mathematics' } });

describe("a request's one line (the dashboard's backlog)", () => {
  it("a grade sheet's confirmation names its class: two of one teacher do not read alike", () => {
    const one = requestSummary('grade-confirmation', sheet('高一(1)班', 'Grade 10 Class 1'), 'zh', t);
    const two = requestSummary('grade-confirmation', sheet('高一(2)班', 'Grade 10 Class 2'), 'zh', t);
    expect(one).toBe(`${flowLabel('grade-confirmation', 'zh')} · 高一(1)班 · 数学 · 期中考试`);
    expect(two).not.toBe(one);
    expect(requestSummary('grade-confirmation', sheet('高一(1)班', 'Grade 10 Class 1'), 'en', t)).toContain('Grade 10 Class 1');
  });
});
