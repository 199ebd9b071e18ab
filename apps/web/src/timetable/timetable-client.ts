import {
  type EditorOptions,
  type NewVersionInput,
  type PlaceLessonsInput,
  type ScheduleCheck,
  type ScheduleInput,
  type TimetableAnswer,
  timetablePath,
  type TimetableQuery,
  type TimetableScope,
  type TimetableSettings,
  type TimetableVersion,
} from '@schoolflow/contracts';
import { request, requestBlob, requestData, type QueryValue } from '../api/http.js';
import { queryString } from '../resources/resource-format.js';
import type { Section } from './editor-model.js';
import type { GridSubject } from './week-grid-model.js';

/** The inquiry's query (the contract's) without its empty values, in a stable key order (a query key and a URL alike). */
export function cleanQuery(q: TimetableQuery): TimetableQuery {
  const out: Record<string, string | number> = {};
  for (const k of Object.keys(q).sort() as (keyof TimetableQuery)[]) {
    const v = q[k];
    if (v !== undefined && v !== '') out[k] = v;
  }
  return out as TimetableQuery;
}

const asQuery = (q: TimetableQuery): Record<string, QueryValue> => ({ ...cleanQuery(q) });

/**
 * Query keys. Everything sits under `timetable`: a save, a publish, a deletion or a finished run invalidates the
 * whole, since a timetable shows on both pages (the versions, the editor's draft, the inquiry of the published one).
 * Names are answered in the caller's language, hence `lang` in the keys of what names things.
 */
export const timetableKeys = {
  all: ['timetable'] as const,
  inquiry: (q: TimetableQuery, lang: string) => ['timetable', 'inquiry', lang, cleanQuery(q)] as const,
  scope: (lang: string) => ['timetable', 'scope', lang] as const,
  versions: (semesterId: string) => ['timetable', 'versions', semesterId] as const,
  check: (semesterId: string, lang: string) => ['timetable', 'check', semesterId, lang] as const,
  settings: ['timetable', 'settings'] as const,
  editorOptions: (timetableId: string, section: string, lang: string) => ['timetable', 'editor-options', timetableId, section, lang] as const,
};

/** The timetable module's calls (docs/product/timetable.md#calls; `timetablePath`) under BASE_API. */
export const timetableClient = {
  inquiry(q: TimetableQuery, signal?: AbortSignal): Promise<TimetableAnswer> {
    return requestData<TimetableAnswer>(timetablePath.inquiry, { query: asQuery(q), signal });
  },

  scope(signal?: AbortSignal): Promise<TimetableScope> {
    return requestData<TimetableScope>(timetablePath.scope, { signal });
  },

  /** The inquiry's lessons as an Excel workbook, one sheet per class, teacher or room (a download with the token). */
  exportFile(q: TimetableQuery, by: GridSubject): Promise<Blob> {
    return requestBlob(timetablePath.export + queryString({ ...cleanQuery(q), by }));
  },

  versions(semesterId: string, signal?: AbortSignal): Promise<TimetableVersion[]> {
    return requestData<TimetableVersion[]>(timetablePath.versions, { query: { semesterId }, signal }).then((list) => (Array.isArray(list) ? list : []));
  },

  /** A new draft (empty, or a copy of `copyOf`): its id and the server's message. */
  async createVersion(body: NewVersionInput): Promise<{ id: string; msg: string }> {
    const env = await request<{ id: string }>(timetablePath.versions, { method: 'POST', json: body });
    return { id: env.data?.id ?? '', msg: env.msg };
  },

  async publish(id: string): Promise<string> {
    return (await request<{ archived: string | null }>(timetablePath.publish(encodeURIComponent(id)), { method: 'POST' })).msg;
  },

  async remove(id: string): Promise<string> {
    return (await request<null>(timetablePath.version(encodeURIComponent(id)), { method: 'DELETE' })).msg;
  },

  /** A section's whole week in a draft; a clash answers 409 with `data.clashes` (left to the caller). */
  async placeLessons(body: PlaceLessonsInput): Promise<string> {
    return (await request<{ lessons: number }>(timetablePath.lessons, { method: 'PUT', json: body })).msg;
  },

  check(semesterId: string, signal?: AbortSignal): Promise<ScheduleCheck> {
    return requestData<ScheduleCheck>(timetablePath.check, { query: { semesterId }, signal });
  },

  /** Starts the scheduler; 422 with `data.problems` when the semester cannot be scheduled. */
  async schedule(body: ScheduleInput): Promise<{ jobId: string; timetableId: string; msg: string }> {
    const env = await request<{ jobId: string; timetableId: string }>(timetablePath.schedule, { method: 'POST', json: body });
    return { jobId: env.data?.jobId ?? '', timetableId: env.data?.timetableId ?? '', msg: env.msg };
  },

  editorOptions(timetableId: string, section: Section, signal?: AbortSignal): Promise<EditorOptions> {
    const query = section.kind === 'class' ? { timetableId, classId: section.id } : { timetableId, teachingClassId: section.id };
    return requestData<EditorOptions>(timetablePath.editorOptions, { query, signal });
  },

  settings(signal?: AbortSignal): Promise<TimetableSettings> {
    return requestData<TimetableSettings>(timetablePath.settings, { signal });
  },

  async saveSettings(body: TimetableSettings): Promise<string> {
    return (await request<TimetableSettings>(timetablePath.settings, { method: 'PUT', json: body })).msg;
  },
};
