import {
  type AttachBedInput,
  type BulkAllocationInput,
  type BulkAllocationPlan,
  type DormitoryHistoryEntry,
  dormitoryPath,
  type DormitoryRoomBeds,
  type DormitoryStudent,
  type InspectionListQuery,
  type InspectionPage,
  type InspectionRow,
  type InspectionValues,
  type NightRecordListQuery,
  type NightRecordPage,
  type NightRecordRow,
  type NightRecordValues,
} from '@schoolflow/contracts';
import { request, requestData } from '../api/http.js';

export type HistoryOf = { roomId: string } | { studentId: string };
export type InspectionFilters = Omit<InspectionListQuery, 'current' | 'size'>;
export type NightFilters = Omit<NightRecordListQuery, 'current' | 'size'>;

/** Query keys of 宿舍管理: everything under `dormitories`; an allocation marks beds, histories and the rooms' list stale. */
export const dormitoryKeys = {
  all: ['dormitories'] as const,
  beds: (roomId: string) => ['dormitories', 'beds', roomId] as const,
  history: (of: HistoryOf) => ['dormitories', 'history', of] as const,
  students: (q: string) => ['dormitories', 'students', q] as const,
  inspections: (filters: InspectionFilters, current: number, size: number) => ['dormitories', 'inspections', filters, current, size] as const,
  inspectionLists: ['dormitories', 'inspections'] as const,
  nights: (filters: NightFilters, current: number, size: number) => ['dormitories', 'nights', filters, current, size] as const,
  nightLists: ['dormitories', 'nights'] as const,
};

/** The calls of 宿舍管理 (docs/product/campus-life.md#dormitories); buildings and rooms are the resource kit's. */
export const dormitoriesClient = {
  beds: (roomId: string, signal?: AbortSignal) => requestData<DormitoryRoomBeds>(dormitoryPath.beds(roomId), { signal }),
  history: (of: HistoryOf, signal?: AbortSignal) => requestData<DormitoryHistoryEntry[]>(dormitoryPath.history, { query: of, signal }),
  students: (q: string, signal?: AbortSignal) => requestData<DormitoryStudent[]>(dormitoryPath.students, { query: { q }, signal }),
  attach: (body: AttachBedInput) => request<DormitoryRoomBeds>(dormitoryPath.attach, { method: 'POST', json: body }),
  release: (studentId: string, kind: 'unassign' | 'remove', reason: string) => request<null>(kind === 'unassign' ? dormitoryPath.unassign(studentId) : dormitoryPath.remove(studentId), { method: 'POST', json: { reason } }),
  preview: (body: BulkAllocationInput) => request<BulkAllocationPlan>(dormitoryPath.bulkPreview, { method: 'POST', json: body }),
  apply: (body: BulkAllocationInput) => request<BulkAllocationPlan>(dormitoryPath.bulkApply, { method: 'POST', json: body }),
  inspections: (filters: InspectionFilters, current: number, size: number, signal?: AbortSignal) => requestData<InspectionPage>(dormitoryPath.inspections, { query: { ...filters, current, size }, signal }),
  inspect: (body: InspectionValues) => request<InspectionRow>(dormitoryPath.inspections, { method: 'POST', json: body }),
  nights: (filters: NightFilters, current: number, size: number, signal?: AbortSignal) => requestData<NightRecordPage>(dormitoryPath.nightRecords, { query: { ...filters, current, size }, signal }),
  recordNight: (body: NightRecordValues) => request<NightRecordRow>(dormitoryPath.nightRecords, { method: 'POST', json: body }),
};
