import type { UiStringNamespace } from '@schoolflow/contracts';

/** What the first page needs (the sign-in page, error pages, the shell's frame); i18next's init loads these. */
export const FIRST_NAMESPACES = ['web', 'validation', 'server'] as const satisfies readonly UiStringNamespace[];

/**
 * Feature areas a signed-out page shows too (the public questionnaires, the visitor's consultation: useNamespace): each
 * is a chunk of its own, so such a page carries only its own area's messages.
 */
export const PUBLIC_FEATURE_NAMESPACES = ['surveys', 'consult'] as const satisfies readonly UiStringNamespace[];

/**
 * Feature areas only a session shows. A session loads every one of them, so a language's are one chunk
 * (`<lang>-shell-messages.ts`): one request instead of 25 (docs/adr/0084-the-shell-in-few-chunks.md).
 */
export const SHELL_NAMESPACES = ['workflow', 'resource', 'grades', 'timetable', 'publishing', 'evaluations', 'letters', 'channels', 'class-walking', 'registrations', 'electives', 'feedback', 'attendance', 'work-tasks', 'dormitories', 'pages', 'health', 'projects', 'knowledge', 'calendar', 'organisations', 'faces', 'pictures', 'languages', 'duty'] as const satisfies readonly UiStringNamespace[];

/** The feature areas' messages: loaded with a session (session-store.ts), or one by a public page that shows it. */
export const FEATURE_NAMESPACES = [...PUBLIC_FEATURE_NAMESPACES, ...SHELL_NAMESPACES] as const;

/** The server's own messages (its letters, spreadsheets and documents): never sent to the browser. */
export const SERVER_ONLY_NAMESPACES = ['messages', 'excel', 'documents'] as const satisfies readonly UiStringNamespace[];

export type PublicFeatureNamespace = (typeof PUBLIC_FEATURE_NAMESPACES)[number];
export type ShellNamespace = (typeof SHELL_NAMESPACES)[number];
export type WebNamespace = (typeof FIRST_NAMESPACES)[number] | (typeof FEATURE_NAMESPACES)[number];
