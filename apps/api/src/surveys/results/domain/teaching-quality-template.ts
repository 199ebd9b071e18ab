import type { Language, SurveyInput } from '@schoolflow/contracts';
import { translate } from '../../../infrastructure/i18n/i18n.js';

/** The category of the seeded dictionary the template files under (STD_SURVEY_CATEGORY '1' 教学质量). */
const TEACHING_QUALITY_CATEGORY = '1';
/** The items each teacher is rated on: one matrix question each, rows = the respondent's teachers. */
const ITEMS = ['attitude', 'clarity', 'interaction', 'homework', 'care'] as const;
/** The five-point scale, worst first (column i scores i + 1). */
const SCALE = ['s1', 's2', 's3', 's4', 's5'] as const;
/** Days the drafted questionnaire stays open by default. */
const OPEN_DAYS = 14;

/**
 * The teaching-quality questionnaire (issue 25: students rate each of their teachers), as a draft for the question
 * designer: the author adjusts and saves it with `POST /surveys` like any other — a template is data, not a second
 * way of creating (docs/adr/0038-questionnaires.md#results). Each item is a matrix whose rows are the respondent's
 * class's teachers (`rowsSource: 'myTeachers'`, resolved when the paper is served), so the results can summarise
 * per teacher; a text question closes it. Anonymous by default: students rate their teachers more freely.
 * `today` is the school's date (YYYY-MM-DD); the window is today 00:00 to `OPEN_DAYS` later.
 */
export function teachingQualityTemplate(lang: Language, today: string): SurveyInput {
  const t = (key: string, params?: Record<string, unknown>) => translate(lang, `surveys.results.template.${key}`, params);
  const end = new Date(`${today}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + OPEN_DAYS);
  return {
    name: t('name', { date: today }),
    category: TEACHING_QUALITY_CATEGORY,
    description: t('description'),
    start: `${today} 00:00`,
    end: `${end.toISOString().slice(0, 10)} 23:59`,
    anonymous: true,
    audience: { school: true },
    template: 'teaching-quality',
    questions: [
      ...ITEMS.map((item) => ({
        type: 'matrix' as const,
        title: t(`items.${item}`),
        required: true,
        options: SCALE.map((s) => ({ label: t(`scale.${s}`) })),
        rowsSource: 'myTeachers' as const,
      })),
      { type: 'text' as const, title: t('comments'), required: false, max: 500 },
    ],
  };
}
