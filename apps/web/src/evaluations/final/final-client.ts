import { type FinalClassRow, finalEvaluationPath, type StudentFinalEvaluation } from '@schoolflow/contracts';
import { newActionKey, workflowApi } from '../../api/workflow-api.js';
import { requestData } from '../../api/http.js';

export const FINAL_FLOW = 'final-evaluation';

/** Query keys of the final-term page: everything under `evaluations/final`, so a step of the flow refreshes it all. */
export const finalKeys = {
  all: ['evaluations', 'final'] as const,
  classes: (lang: string) => ['evaluations', 'final', 'classes', lang] as const,
  student: (studentId: string) => ['evaluations', 'final', 'student', studentId] as const,
};

/** The final-term page's calls (docs/product/evaluations.md#final-term-evaluation): its reads, and the flow's steps. */
export const finalClient = {
  classes(signal?: AbortSignal): Promise<FinalClassRow[]> {
    return requestData<FinalClassRow[]>(finalEvaluationPath.classes, { signal });
  },
  student(studentId: string, signal?: AbortSignal): Promise<StudentFinalEvaluation[]> {
    return requestData<StudentFinalEvaluation[]>(finalEvaluationPath.student(studentId), { signal });
  },
  submit(roundId: string, classId: string) {
    return workflowApi.start(FINAL_FLOW, { roundId, classId }, newActionKey());
  },
  resubmit(id: string, version: number) {
    return workflowApi.send(FINAL_FLOW, id, { type: 'SUBMIT' }, version, newActionKey());
  },
  // An objection and its answer are heard in the notice and in review alike (the machine's guards say so): they go
  // without If-Match, so a notice that ends while a family writes (the engine's timer) does not turn theirs away.
  object(id: string, studentId: string, comment: string) {
    return workflowApi.send(FINAL_FLOW, id, { type: 'OBJECT', studentId, comment }, null, newActionKey());
  },
  answer(id: string, objection: number, comment: string) {
    return workflowApi.send(FINAL_FLOW, id, { type: 'ANSWER', objection, comment }, null, newActionKey());
  },
};
