import { type GradeSheet, gradesPath, type SaveSheetInput, type SheetSummary } from '@schoolflow/contracts';
import { request, requestData } from '../api/http.js';

/** The flow a sheet's state lives in (its instance is the sheet's `instanceId`). */
export const SHEET_FLOW = 'grade-confirmation';

/** Where a sheet is shown (the hidden page `grades/sheet`). */
export function sheetPage(s: { batchId: string; classId: string; courseId: string }): string {
  return `/grades/sheet?${new URLSearchParams({ batchId: s.batchId, classId: s.classId, courseId: s.courseId }).toString()}`;
}

export interface SheetRef {
  batchId: string;
  classId: string;
  courseId: string;
}

/**
 * Query keys of the grades pages. Everything sits under `grades`: a save, a decision or a push invalidates the whole,
 * since a sheet's state and counts show on three pages (entry, confirmation, the sheet) and only those on screen refetch.
 */
export const gradesKeys = {
  all: ['grades'] as const,
  mySheets: ['grades', 'my-sheets'] as const,
  batchSheets: (batchId: string) => ['grades', 'batch-sheets', batchId] as const,
  sheet: (s: SheetRef) => ['grades', 'sheet', s.batchId, s.classId, s.courseId] as const,
};

/** The grades module's calls (docs/product/grades.md#calls) under BASE_API. */
export const gradesClient = {
  mySheets(signal?: AbortSignal): Promise<SheetSummary[]> {
    return requestData<SheetSummary[]>(gradesPath.mySheets, { signal }).then((list) => (Array.isArray(list) ? list : []));
  },

  batchSheets(batchId: string, signal?: AbortSignal): Promise<SheetSummary[]> {
    return requestData<SheetSummary[]>(gradesPath.sheets(encodeURIComponent(batchId)), { signal }).then((list) => (Array.isArray(list) ? list : []));
  },

  sheet(s: SheetRef, signal?: AbortSignal): Promise<GradeSheet> {
    return requestData<GradeSheet>(gradesPath.sheet(encodeURIComponent(s.batchId), encodeURIComponent(s.classId), encodeURIComponent(s.courseId)), { signal });
  },

  /** Answers the server's message. */
  async save(s: SheetRef, body: SaveSheetInput): Promise<string> {
    const env = await request<{ saved: number }>(gradesPath.sheet(encodeURIComponent(s.batchId), encodeURIComponent(s.classId), encodeURIComponent(s.courseId)), { method: 'PUT', json: body });
    return env.msg;
  },

  async open(batchId: string): Promise<string> {
    return (await request<{ sheets: number }>(gradesPath.open(encodeURIComponent(batchId)), { method: 'POST' })).msg;
  },

  async publish(batchId: string): Promise<string> {
    return (await request<{ told: number }>(gradesPath.publish(encodeURIComponent(batchId)), { method: 'POST' })).msg;
  },
};
