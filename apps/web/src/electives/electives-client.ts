import {
  type ElectiveBatch,
  type ElectiveBatchInput,
  type ElectiveCourse,
  type ElectiveDrawResult,
  type ElectiveMine,
  type ElectiveOffer,
  type ElectiveRoster,
  electivesPath,
  type ElectiveSelected,
} from '@schoolflow/contracts';
import { requestBlob, requestData } from '../api/http.js';

/** Query keys of 选修课: everything under `electives`; a batch's offers and my choices under its id. */
export const electivesKeys = {
  all: ['electives'] as const,
  courses: ['electives', 'courses'] as const,
  batches: ['electives', 'batches'] as const,
  batch: (id: string) => ['electives', 'batch', id] as const,
  offers: (id: string) => ['electives', 'batch', id, 'offers'] as const,
  mine: (id: string) => ['electives', 'batch', id, 'mine'] as const,
  rosters: (id: string) => ['electives', 'batch', id, 'rosters'] as const,
};

/** The calls of 选修课 (docs/product/electives.md#calls). */
export const electivesClient = {
  courses: (signal?: AbortSignal) => requestData<ElectiveCourse[]>(electivesPath.courses, { signal }),
  batches: (signal?: AbortSignal) => requestData<ElectiveBatch[]>(electivesPath.batches, { signal }),
  createBatch: (body: ElectiveBatchInput) => requestData<ElectiveBatch>(electivesPath.batches, { method: 'POST', json: body }),
  deleteBatch: (id: string) => requestData<null>(electivesPath.batch(id), { method: 'DELETE' }),
  offers: (id: string, signal?: AbortSignal) => requestData<ElectiveOffer[]>(electivesPath.offers(id), { signal }),
  mine: (id: string, signal?: AbortSignal) => requestData<ElectiveMine>(electivesPath.mine(id), { signal }),
  select: (id: string, courseId: string) => requestData<ElectiveSelected>(electivesPath.selections(id), { method: 'POST', json: { courseId } }),
  drop: (id: string, courseId: string) => requestData<ElectiveSelected>(electivesPath.selection(id, courseId), { method: 'DELETE' }),
  preferences: (id: string, courseIds: string[]) => requestData<{ courseIds: string[] }>(electivesPath.preferences(id), { method: 'PUT', json: { courseIds } }),
  draw: (id: string, seed: string | undefined) => requestData<ElectiveDrawResult>(electivesPath.draw(id), { method: 'POST', json: seed ? { seed } : {} }),
  rosters: (id: string, signal?: AbortSignal) => requestData<ElectiveRoster[]>(electivesPath.rosters(id), { signal }),
  exportRosters: (id: string) => requestBlob(`${electivesPath.rosters(id)}?format=xlsx`),
};
