import {
  jobPath,
  RESOURCES,
  optionsPath,
  resourcePath,
  type JobProgress,
  type Page,
  type ResourceImportAnswer,
  type ResourceOption,
  type ResourceRecord,
} from '@schoolflow/contracts';
import { request, requestBlob, requestData, uploadWithProgress } from '../api/http.js';
import { queryString } from './resource-format.js';

/**
 * Query keys. Every resource query sits under `resource` and every option list under `resource-options`: a write
 * invalidates both wholes, since one record shows in other resources' lists (a student in a class's headcount, a
 * campus's name in the buildings list) and only the queries on screen refetch.
 */
export const resourceKeys = {
  all: ['resource'] as const,
  list: (name: string, query: Record<string, string | number>) => ['resource', name, 'list', query] as const,
  one: (name: string, id: string) => ['resource', name, 'one', id] as const,
  options: ['resource-options'] as const,
  // by language too: an option source may answer labels in the request's language (role names)
  optionList: (source: string, keyword: string, lang: string) => ['resource-options', source, lang, 'keyword', keyword] as const,
  optionIds: (source: string, ids: readonly string[], lang: string) => ['resource-options', source, lang, 'ids', ids.join(',')] as const,
  job: (id: string) => ['job', id] as const,
};

/** The resource kit's calls (docs/architecture.md#resource-api), on the contract's paths under BASE_API. */
export const resourceClient = {
  list(name: string, query: Record<string, string | number>, signal?: AbortSignal): Promise<Page<ResourceRecord>> {
    return requestData<Page<ResourceRecord>>(resourcePath(RESOURCES[name] ?? { name }), { query, signal });
  },

  one(name: string, id: string, signal?: AbortSignal): Promise<ResourceRecord> {
    return requestData<ResourceRecord>(resourcePath(RESOURCES[name] ?? { name }, encodeURIComponent(id)), { signal });
  },

  /** Answers the server's message (shown as the success toast). */
  async save(name: string, id: string | null, body: Record<string, unknown>): Promise<string> {
    const env = id ? await request<unknown>(resourcePath(RESOURCES[name] ?? { name }, encodeURIComponent(id)), { method: 'PUT', json: body }) : await request<{ id: string }>(resourcePath(RESOURCES[name] ?? { name }), { method: 'POST', json: body });
    return env.msg;
  },

  async remove(name: string, id: string): Promise<string> {
    return (await request<unknown>(resourcePath(RESOURCES[name] ?? { name }, encodeURIComponent(id)), { method: 'DELETE' })).msg;
  },

  /** Options of a resource or an option source: the first 50 matching `keyword`, or exactly `ids`. */
  options(source: string, by: { keyword?: string; ids?: readonly string[] }, signal?: AbortSignal): Promise<ResourceOption[]> {
    const query = by.ids ? { ids: by.ids.join(',') } : { keyword: by.keyword ?? '' };
    return requestData<ResourceOption[]>(optionsPath(encodeURIComponent(source)), { query, signal }).then((list) => (Array.isArray(list) ? list : []));
  },

  template(name: string): Promise<Blob> {
    return requestBlob(resourcePath(RESOURCES[name] ?? { name }, 'template'));
  },

  /** The list as a spreadsheet, with the filters of the list (requestBlob takes no query object). */
  exportFile(name: string, query: Record<string, string | number>): Promise<Blob> {
    return requestBlob(resourcePath(RESOURCES[name] ?? { name }, 'export') + queryString(query));
  },

  importFile(name: string, file: File, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<ResourceImportAnswer> {
    const form = new FormData();
    form.append('file', file, file.name);
    return uploadWithProgress<ResourceImportAnswer>(resourcePath(RESOURCES[name] ?? { name }, 'import'), form, onProgress, signal);
  },

  job(id: string, signal?: AbortSignal): Promise<JobProgress> {
    return requestData<JobProgress>(jobPath(encodeURIComponent(id)), { signal });
  },
};
