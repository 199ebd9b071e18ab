import { type FeedbackDetail, type FeedbackRow, formatSchoolTime } from '@schoolflow/contracts';
import type { EntryRecord, FeedbackRecord } from './feedback.repository.js';

/**
 * A feedback as its reader sees it. Anonymous feedback hides its submitter from anyone but the submitter — in the row
 * and in its history (docs/adr/0051-feedback.md#anonymous).
 */
export function feedbackRow(f: FeedbackRecord, viewerId: string, timeZone: string): FeedbackRow {
  const at = (d: Date) => formatSchoolTime(d.getTime(), timeZone);
  const hidden = f.anonymous && f.author_id !== viewerId;
  return {
    id: f.id,
    category: f.category,
    categoryName: { zh: f.category_zh ?? f.category, en: f.category_en || f.category_zh || f.category },
    title: f.title,
    state: f.state,
    anonymous: f.anonymous,
    submitterName: hidden ? null : f.author_name,
    handlerName: f.handler_name,
    createdAt: at(f.created_at),
    updatedAt: at(f.updated_at),
  };
}

export function feedbackDetail(f: FeedbackRecord, entries: readonly EntryRecord[], pictures: { res_id: string; res_name: string; res_suffix: string }[], viewerId: string, timeZone: string): FeedbackDetail {
  const hidden = f.anonymous && f.author_id !== viewerId;
  const names = new Map(pictures.map((p) => [p.res_id, p]));
  return {
    ...feedbackRow(f, viewerId, timeZone),
    content: f.content,
    pictures: f.pictures.flatMap((id) => {
      const p = names.get(id);
      return p ? [{ resId: p.res_id, resName: p.res_name, resSuffix: p.res_suffix }] : [];
    }),
    entries: entries.map((e) => ({ kind: e.kind, actorName: hidden && e.actor_id === f.author_id ? null : e.actor_name, text: e.text, at: formatSchoolTime(e.created_at.getTime(), timeZone) })),
    reopenable: f.reopened_at === null && (f.state === 'replied' || f.state === 'closed'),
    mine: f.author_id === viewerId,
  };
}
