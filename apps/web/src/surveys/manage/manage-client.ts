import { type SurveyCategory, type SurveyDetail, type SurveyInput, type SurveyListQuery, type SurveyPage, type SurveySaved, type SurveyStatus, type SurveyStatusAction, surveysPath } from '@schoolflow/contracts';
import { request, requestData } from '../../api/http.js';

/** The list's filters and page (`surveyListQuerySchema`); '' is no filter. */
export interface SurveyListParams {
  current: number;
  size: number;
  name: string;
  category: string;
  /** 'true' in use, 'false' unused, '' either. */
  enabled: '' | 'true' | 'false';
  published: '' | 'true' | 'false';
}

/**
 * Query keys. Everything sits under `surveys`: a save, deletion or state change invalidates the list and the detail
 * together (the list shows the state the detail edits); the results page's keys sit under `surveys` too, so an
 * answer pushed (`survey.answered`) marks counts stale wherever they show. Names come in the caller's language
 * (categories, authors), hence `lang` in the keys of what names things.
 */
export const surveysKeys = {
  all: ['surveys'] as const,
  lists: ['surveys', 'list'] as const,
  list: (p: SurveyListParams, lang: string) => ['surveys', 'list', p.current, p.size, p.name, p.category, p.enabled, p.published, lang] as const,
  detail: (id: string) => ['surveys', 'detail', id] as const,
  categories: (lang: string) => ['surveys', 'categories', lang] as const,
};

const enc = encodeURIComponent;

/** The management calls (`surveysPath` of the contracts) under BASE_API; each write answers the server's message. */
export const manageClient = {
  list(p: SurveyListParams, signal?: AbortSignal): Promise<SurveyPage> {
    const query: Partial<Record<keyof SurveyListQuery, string | number>> = { current: p.current, size: p.size, name: p.name.trim(), category: p.category, enabled: p.enabled, published: p.published };
    return requestData<SurveyPage>(surveysPath.list, { query, signal }).then((page) => page ?? { records: [], total: 0, current: p.current, size: p.size });
  },

  detail(id: string, signal?: AbortSignal): Promise<SurveyDetail> {
    return requestData<SurveyDetail>(surveysPath.one(enc(id)), { signal });
  },

  categories(signal?: AbortSignal): Promise<SurveyCategory[]> {
    return requestData<SurveyCategory[]>(surveysPath.categories, { signal }).then((list) => (Array.isArray(list) ? list : []));
  },

  async create(body: SurveyInput): Promise<{ id: string; msg: string }> {
    const env = await request<SurveySaved>(surveysPath.list, { method: 'POST', json: body });
    return { id: env.data?.id ?? '', msg: env.msg };
  },

  async update(id: string, body: SurveyInput): Promise<{ id: string; msg: string }> {
    const env = await request<SurveySaved>(surveysPath.one(enc(id)), { method: 'PUT', json: body });
    return { id: env.data?.id ?? id, msg: env.msg };
  },

  async remove(id: string): Promise<string> {
    return (await request<unknown>(surveysPath.one(enc(id)), { method: 'DELETE' })).msg;
  },

  /** 发布 / 取消发布 / 启用 / 停用: the success message, or the failure's (an ApiError carrying it). */
  async setStatus(id: string, action: SurveyStatusAction): Promise<string> {
    return (await request<SurveyStatus>(surveysPath[action](enc(id)), { method: 'POST', json: {} })).msg;
  },
};
