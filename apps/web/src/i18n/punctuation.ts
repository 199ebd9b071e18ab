import { translate } from './use-t.js';

/**
 * Words put together as the shown language punctuates them — 「名称：值」「张三（202511001）」「甲、乙」「…；…」 in
 * Chinese, "Name: value", "Zhang San (202511001)", "A, B", "…; …" in English: a page never shows a Chinese mark in
 * English (common.labelled, withNote, listSeparator, clauseSeparator).
 */
export const labelled = (label: string, value: string | number): string => translate('common.labelled', { label, value });
export const withNote = (name: string, note: string | number): string => translate('common.withNote', { name, note });
export const listOf = (items: readonly string[]): string => items.join(translate('common.listSeparator'));
export const clausesOf = (items: readonly string[]): string => items.join(translate('common.clauseSeparator'));
