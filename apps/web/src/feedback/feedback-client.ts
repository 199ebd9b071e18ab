import {
  type FeedbackCategory,
  type FeedbackDetail,
  type FeedbackListQuery,
  type FeedbackPage,
  feedbackPath,
  type FeedbackReopenInput,
  type FeedbackReplyInput,
  type FeedbackValues,
} from '@schoolflow/contracts';
import { request, requestData } from '../api/http.js';

/** The handlers' filters as the list is asked for them (page and size beside). */
export type FeedbackFilters = Omit<FeedbackListQuery, 'current' | 'size'>;

/** Query keys of 用户反馈: everything under `feedback`; a step marks the lists and that feedback stale. */
export const feedbackKeys = {
  all: ['feedback'] as const,
  categories: ['feedback', 'categories'] as const,
  mine: (current: number, size: number) => ['feedback', 'list', 'mine', current, size] as const,
  handled: (filters: FeedbackFilters, current: number, size: number) => ['feedback', 'list', 'all', filters, current, size] as const,
  lists: ['feedback', 'list'] as const,
  one: (id: string) => ['feedback', 'one', id] as const,
};

/** The calls of 用户反馈 (docs/product/campus-life.md#user-feedback). */
export const feedbackClient = {
  categories: (signal?: AbortSignal) => requestData<FeedbackCategory[]>(feedbackPath.categories, { signal }),
  mine: (current: number, size: number, signal?: AbortSignal) => requestData<FeedbackPage>(feedbackPath.mine, { query: { current, size }, signal }),
  all: (filters: FeedbackFilters, current: number, size: number, signal?: AbortSignal) => requestData<FeedbackPage>(feedbackPath.all, { query: { ...filters, current, size }, signal }),
  one: (id: string, signal?: AbortSignal) => requestData<FeedbackDetail>(feedbackPath.one(id), { signal }),
  submit: (body: FeedbackValues) => request<FeedbackDetail>(feedbackPath.all, { method: 'POST', json: body }),
  take: (id: string) => request<FeedbackDetail>(feedbackPath.take(id), { method: 'POST', json: {} }),
  reply: (id: string, body: FeedbackReplyInput) => request<FeedbackDetail>(feedbackPath.reply(id), { method: 'POST', json: body }),
  close: (id: string, note: string) => request<FeedbackDetail>(feedbackPath.close(id), { method: 'POST', json: { note } }),
  reopen: (id: string, body: FeedbackReopenInput) => request<FeedbackDetail>(feedbackPath.reopen(id), { method: 'POST', json: body }),
};
