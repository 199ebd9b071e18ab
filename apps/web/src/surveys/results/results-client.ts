import { type SurveyStats, type SurveyStatsQuery, type SurveyTextPage, surveysPath } from '@schoolflow/contracts';
import { requestBlob, requestData } from '../../api/http.js';

/** The page's filter: a class or a grade ('' none). */
export interface ResultsFilter {
  classId: string;
  grade: string;
}

/** A text question's page: its filter, search and page. */
export interface TextsParams extends ResultsFilter {
  questionId: string;
  q: string;
  current: number;
  size: number;
}

/**
 * Query keys of the results page, under `surveys` (manage-client's `surveysKeys.all`) so whatever marks questionnaires
 * stale marks these too; `surveys/results/<id>` lets a `survey.answered` push for one questionnaire mark only its own.
 */
export const resultsKeys = {
  of: (id: string) => ['surveys', 'results', id] as const,
  stats: (id: string, f: ResultsFilter, lang: string) => ['surveys', 'results', id, 'stats', f.classId, f.grade, lang] as const,
  texts: (id: string, p: TextsParams) => ['surveys', 'results', id, 'texts', p.questionId, p.classId, p.grade, p.q, p.current, p.size] as const,
};

function filterQuery(f: ResultsFilter): Partial<Record<keyof SurveyStatsQuery, string>> {
  return { ...(f.classId ? { classId: f.classId } : {}), ...(f.grade ? { grade: f.grade } : {}) };
}

const enc = encodeURIComponent;

/** The results calls (docs/product/questionnaires.md#results) under BASE_API. */
export const resultsClient = {
  stats(id: string, f: ResultsFilter, signal?: AbortSignal): Promise<SurveyStats> {
    return requestData<SurveyStats>(surveysPath.stats(enc(id)), { query: filterQuery(f), signal });
  },

  texts(id: string, p: TextsParams, signal?: AbortSignal): Promise<SurveyTextPage> {
    const query = { ...filterQuery(p), questionId: p.questionId, q: p.q.trim(), current: p.current, size: p.size };
    return requestData<SurveyTextPage>(surveysPath.texts(enc(id)), { query, signal }).then((page) => page ?? { records: [], total: 0, current: p.current, size: p.size });
  },

  /** Every response as .xlsx, streamed by the server (requestBlob takes no query object). */
  exportFile(id: string, f: ResultsFilter): Promise<Blob> {
    const query = new URLSearchParams(filterQuery(f)).toString();
    return requestBlob(`${surveysPath.export(enc(id))}${query ? `?${query}` : ''}`);
  },
};
