import {
  type EvalMySheet,
  type EvalProgress,
  type EvalResults,
  type EvalRole,
  type EvalRound,
  type EvalRoundInput,
  type EvalRoundSummary,
  type EvalSchoolYear,
  type EvalSheet,
  type EvalSheetSaved,
  type EvalSheetSaveInput,
  type EvalTemplate,
  type EvalTemplateInput,
  type EvalTemplateSummary,
  evaluationsPath,
} from '@schoolflow/contracts';
import { requestBlob, requestData } from '../api/http.js';

/** Query keys of the evaluation pages: everything under `evaluations` (the final-term page's are under `final`). */
export const evaluationKeys = {
  all: ['evaluations'] as const,
  mySheets: ['evaluations', 'my-sheets'] as const,
  sheet: (roundId: string, classId: string, evaluator: EvalRole) => ['evaluations', 'sheet', roundId, classId, evaluator] as const,
  progress: (roundId: string) => ['evaluations', 'progress', roundId] as const,
  rounds: ['evaluations', 'rounds'] as const,
  round: (id: string) => ['evaluations', 'rounds', id] as const,
  results: (roundId: string, classId: string) => ['evaluations', 'results', roundId, classId] as const,
  templates: ['evaluations', 'templates'] as const,
  /** One school year's templates (under `templates`, so a save reads every list again). */
  yearTemplates: (schoolYearId: string) => ['evaluations', 'templates', 'of-year', schoolYearId] as const,
  schoolYears: (lang: string) => ['evaluations', 'school-years', lang] as const,
  template: (id: string) => ['evaluations', 'templates', id] as const,
};

/** The calls of 评价设置, 三级评价 and 评价分析 (docs/product/evaluations.md#calls). */
export const evaluationsClient = {
  mySheets: (signal?: AbortSignal) => requestData<EvalMySheet[]>(evaluationsPath.mySheets, { signal }),
  sheet: (roundId: string, classId: string, evaluator: EvalRole, signal?: AbortSignal) =>
    requestData<EvalSheet>(evaluationsPath.sheet(roundId, classId), { query: { evaluator }, signal }),
  saveSheet: (roundId: string, classId: string, evaluator: EvalRole, body: EvalSheetSaveInput) =>
    requestData<EvalSheetSaved>(evaluationsPath.sheet(roundId, classId), { method: 'PUT', query: { evaluator }, json: body }),
  progress: (roundId: string, signal?: AbortSignal) => requestData<EvalProgress>(evaluationsPath.progress(roundId), { signal }),
  rounds: (signal?: AbortSignal) => requestData<EvalRoundSummary[]>(evaluationsPath.rounds, { signal }),
  round: (id: string, signal?: AbortSignal) => requestData<EvalRound>(evaluationsPath.round(id), { signal }),
  createRound: (body: EvalRoundInput) => requestData<EvalRound>(evaluationsPath.rounds, { method: 'POST', json: body }),
  results: (roundId: string, classId: string, signal?: AbortSignal) => requestData<EvalResults>(evaluationsPath.results(roundId), { query: { classId }, signal }),
  exportFile: (roundId: string, classId: string) => requestBlob(`${evaluationsPath.export(roundId)}?${new URLSearchParams({ classId }).toString()}`),
  schoolYears: (signal?: AbortSignal) => requestData<EvalSchoolYear[]>(evaluationsPath.schoolYears, { signal }),
  templates: (schoolYearId: string, signal?: AbortSignal) => requestData<EvalTemplateSummary[]>(evaluationsPath.templates, { query: { schoolYearId }, signal }),
  template: (id: string, signal?: AbortSignal) => requestData<EvalTemplate>(evaluationsPath.template(id), { signal }),
  saveTemplate: (id: string | null, body: EvalTemplateInput) =>
    id ? requestData<EvalTemplate>(evaluationsPath.template(id), { method: 'PUT', json: body }) : requestData<EvalTemplate>(evaluationsPath.templates, { method: 'POST', json: body }),
};
