import { i18n } from '../i18n/i18n.js';

/**
 * A grade's name as the school says it — 高一, 初三, Grade 10 — from the base data's one list (`resource` enums.grade),
 * for every page that offers or shows a grade by its number. A session loads the namespace with the others.
 */
export const gradeLabel = (grade: number | string): string => i18n.t(`enums.grade.${grade}`, { ns: 'resource' });
