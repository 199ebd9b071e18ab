import type { AdminPageBody } from '../../api/admin-api.js';

/** The administration queries' keys, one factory: a write marks a list's queries stale by its path's prefix. */
export const adminKeys = {
  all: ['admin'] as const,
  path: (path: string) => [...adminKeys.all, path] as const,
  page: (path: string, body: AdminPageBody) => [...adminKeys.path(path), 'page', body] as const,
  tree: (path: string) => [...adminKeys.path(path), 'tree'] as const,
  every: (path: string) => [...adminKeys.path(path), 'every'] as const,
  /** One record's details read from `path` (a role's grants, its members). */
  detail: (path: string, id: string) => [...adminKeys.path(path), 'detail', id] as const,
};
