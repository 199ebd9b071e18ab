import { healthPath, type MyHealth, type StudentRiskFlags } from '@schoolflow/contracts';
import { requestData } from '../api/http.js';

/** Query keys of 健康管理's own pages: everything under `health`. */
export const healthKeys = {
  all: ['health'] as const,
  mine: (studentId: string | null) => ['health', 'mine', studentId] as const,
  flags: (studentIds: readonly string[]) => ['health', 'flags', [...studentIds].sort().join(',')] as const,
};

/** The calls of 健康管理 beside the kit's lists (docs/product/campus-life.md#health-care). */
export const healthClient = {
  mine: (studentId: string | null, signal?: AbortSignal) => requestData<MyHealth>(healthPath.mine, { query: studentId ? { studentId } : {}, signal }),
  flags: (studentIds: readonly string[], signal?: AbortSignal) => requestData<StudentRiskFlags>(healthPath.risks, { method: 'POST', json: { studentIds }, signal }),
};
