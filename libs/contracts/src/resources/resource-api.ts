/** The resource kit's wire (docs/architecture.md#resource-api): paths and answers shared by server, browser and tests. */
export const RESOURCE_BASE = '/api/academic';
/** A resource's path: its declaration's base (`/api/grades` for the grade settings) or `RESOURCE_BASE`. */
/**
 * A resource's page in the menus (its router address): `/academic/{name}` with the name's hyphens as underscores, as
 * the spec's rule for router addresses wants (letters, digits, underscores; docs/adr/0030). Its API keeps the name.
 */
export const resourcePage = (name: string): string => `/academic/${name.replaceAll('-', '_')}`;
export const resourcePath = (d: { name: string; base?: string; segment?: string }, tail = ''): string => `${d.base ?? RESOURCE_BASE}/${d.segment ?? d.name}${tail ? `/${tail}` : ''}`;

/** One record as answered: `id` and every field. */
export type ResourceRecord = { id: string } & Record<string, unknown>;

export interface ResourceOption {
  value: string;
  label: string;
  /** The referenced record's key (its code), as Excel names it. */
  key?: string;
}

/** An import's answer: done at once, or a job whose progress is pushed as `job.progress`. */
export type ResourceImportAnswer = { imported: number; errors: ImportRowProblem[] } | { jobId: string; total: number };
export interface ImportRowProblem {
  /** The row number as the spreadsheet shows it (the header is row 1). */
  row: number;
  column: string;
  message: string;
}

/** A background job's state (`GET /server/api/jobs/{id}`) and its `job.progress` push. */
export interface JobProgress {
  id: string;
  kind: string;
  state: 'queued' | 'running' | 'completed' | 'failed';
  done: number;
  total: number;
  result?: unknown;
}
export const JOB_PROGRESS = 'job.progress';
/** A job's state: `GET {BASE_API}/api/jobs/{id}`. */
export const jobPath = (id: string): string => `/api/jobs/${id}`;
/** Options of a resource or an option source. */
export const optionsPath = (source: string): string => `${RESOURCE_BASE}/options/${source}`;
/** Imports above this many rows run as a background job; the request answers at once. */
export const IMPORT_JOB_ROWS = 500;
