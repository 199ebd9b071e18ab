import {
  type ZoubanChoiceInput,
  type ZoubanCombinationCount,
  type ZoubanGenerated,
  type ZoubanMyChoice,
  zoubanPath,
  type ZoubanProgress,
  type ZoubanTeachingClass,
  type ZoubanWindow,
  type ZoubanWindowInput,
} from '@schoolflow/contracts';
import { request, requestData } from '../api/http.js';

/** Query keys of 走班管理: everything under `zouban`, a window's reads under its id (a choice or a generation marks them stale). */
export const zoubanKeys = {
  all: ['zouban'] as const,
  windows: ['zouban', 'windows'] as const,
  of: (id: string) => ['zouban', 'window', id] as const,
  choice: (id: string) => ['zouban', 'window', id, 'choice'] as const,
  progress: (id: string, classId: string) => ['zouban', 'window', id, 'progress', classId] as const,
  combinations: (id: string) => ['zouban', 'window', id, 'combinations'] as const,
  classes: (id: string) => ['zouban', 'window', id, 'classes'] as const,
};

/** The calls of 走班管理 (docs/product/class-walking-and-registrations.md#calls). */
export const zoubanClient = {
  windows: (signal?: AbortSignal) => requestData<ZoubanWindow[]>(zoubanPath.windows, { signal }),
  create: (body: ZoubanWindowInput) => request<{ id: string }>(zoubanPath.windows, { method: 'POST', json: body }),
  myChoice: (id: string, signal?: AbortSignal) => requestData<ZoubanMyChoice>(zoubanPath.myChoice(id), { signal }),
  choose: (id: string, body: ZoubanChoiceInput) => requestData<ZoubanMyChoice>(zoubanPath.myChoice(id), { method: 'PUT', json: body }),
  progress: (id: string, classId: string, signal?: AbortSignal) => requestData<ZoubanProgress>(zoubanPath.progress(id), { query: { classId: classId || undefined }, signal }),
  combinations: (id: string, signal?: AbortSignal) => requestData<ZoubanCombinationCount[]>(zoubanPath.combinations(id), { signal }),
  generate: (id: string) => requestData<ZoubanGenerated>(zoubanPath.generate(id), { method: 'POST' }),
  classes: (id: string, signal?: AbortSignal) => requestData<ZoubanTeachingClass[]>(zoubanPath.classes(id), { signal }),
};
