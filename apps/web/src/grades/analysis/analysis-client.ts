import { type AnalysisAnswers, type AnalysisBatch, analysisBatchesPath, type AnalysisKind, gradesPath } from '@schoolflow/contracts';
import { requestBlob, requestData } from '../../api/http.js';

/** What the page asks a kind for (empty strings: not chosen). */
export interface AnalysisParams {
  batchId: string;
  courseId: string;
  classId: string;
}

/** Query keys of the analysis page, under `grades` so a publish or a save elsewhere makes them stale too. */
export const analysisKeys = {
  batches: (lang: string) => ['grades', 'analysis', 'batches', lang] as const,
  answer: (kind: AnalysisKind, p: AnalysisParams, lang: string) => ['grades', 'analysis', kind, p.batchId, p.courseId, p.classId, lang] as const,
};

function query(p: AnalysisParams): Record<string, string> {
  const q: Record<string, string> = { batchId: p.batchId };
  if (p.courseId) q.courseId = p.courseId;
  if (p.classId) q.classId = p.classId;
  return q;
}

/** The analysis calls (docs/product/grades.md#analysis: `GET /server/api/grades/analysis/{kind}`) under BASE_API. */
export const analysisClient = {
  batches(signal?: AbortSignal): Promise<AnalysisBatch[]> {
    return requestData<AnalysisBatch[]>(analysisBatchesPath, { signal }).then((list) => (Array.isArray(list) ? list : []));
  },

  answer<K extends AnalysisKind>(kind: K, p: AnalysisParams, signal?: AbortSignal): Promise<AnalysisAnswers[K]> {
    return requestData<AnalysisAnswers[K]>(gradesPath.analysis(kind), { query: query(p), signal });
  },

  /** The same table as .xlsx (requestBlob takes no query object). */
  exportFile(kind: AnalysisKind, p: AnalysisParams): Promise<Blob> {
    return requestBlob(`${gradesPath.analysis(kind)}?${new URLSearchParams({ ...query(p), format: 'xlsx' }).toString()}`);
  },
};
