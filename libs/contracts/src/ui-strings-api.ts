import { z } from 'zod';
import { LANGUAGES } from './themes.js';
import { Permission } from './permissions.js';
import { pageNumber, UNSTORABLE_TEXT } from './schemas.js';

/**
 * 界面语言 (internationalLanguage; docs/product/administration.md#interface-languages,
 * docs/adr/0065-interface-languages.md): administrators granted `i18n:manage` read the shipped interface strings of each
 * language by namespace, override one without a rebuild, put an override back, and export and import the overrides.
 * Overrides are rows of the database merged over the shipped locale bundles — by the browser after sign-in, by the
 * server's translator for its messages (cached, dropped on change on every instance). A key no longer shipped has no
 * override; an override must keep every `{{placeholder}}` of the shipped string. Under `/server/api/ui-strings`.
 */
/** Viewing and overriding interface strings: administrators (every permission of the demo's admin role). */
export const UI_STRINGS_MANAGE_PERMISSION = Permission.i18nManage;
/** The page in the menus (docs/adr/0057-console-stems.md): the legacy stem kept as its address. */
export const UI_STRINGS_PAGE = { url: '/internationalLanguage', permission: Permission.i18nManage, icon: 'language', sort: 57 } as const;

/**
 * The message namespaces an administrator may override: every namespace of the locale bundles (the browser's and the
 * server's — the server-only `messages`, `excel`, `documents` are its words in messages, workbooks and documents). Kept
 * equal to the bundles' namespaces by the unit spec (a constant: the browser must not import both languages' bundles).
 */
export const UI_STRING_NAMESPACES = ['web', 'server', 'validation', 'workflow', 'messages', 'excel', 'documents', 'resource', 'grades', 'timetable', 'publishing', 'surveys', 'consult', 'evaluations', 'letters', 'channels', 'class-walking', 'registrations', 'electives', 'feedback', 'attendance', 'work-tasks', 'dormitories', 'pages', 'health', 'projects', 'knowledge', 'calendar', 'organisations', 'faces', 'pictures', 'languages', 'duty'] as const;
export type UiStringNamespace = (typeof UI_STRING_NAMESPACES)[number];

export const UI_STRING_LIMITS = { valueMax: 2000, keyMax: 200, importMax: 5000 } as const;

const language = z.enum(LANGUAGES, { error: 'languages.validation.languageInvalid' });
const namespace = z.enum(UI_STRING_NAMESPACES, { error: 'languages.validation.namespaceInvalid' });
const key = z
  .string({ error: 'languages.validation.keyInvalid' })
  .trim()
  .min(1, 'languages.validation.keyInvalid')
  .max(UI_STRING_LIMITS.keyMax, 'languages.validation.keyInvalid')
  .regex(/^[\w$-]+(\.[\w$-]+)*$/, 'languages.validation.keyInvalid');
/** The words as typed: not trimmed (a leading space may be meant), but never blank. */
const value = z
  .string({ error: 'languages.validation.valueRequired' })
  .refine((s) => s.trim() !== '', 'languages.validation.valueRequired')
  .refine((s) => s.length <= UI_STRING_LIMITS.valueMax, 'languages.validation.valueTooLong')
  .refine((s) => !UNSTORABLE_TEXT.test(s), 'validation.invalidCharacters');

export const uiStringKeySchema = z.object({ lang: language, namespace, key });
export type UiStringKey = z.output<typeof uiStringKeySchema>;

export const uiStringOverrideSchema = uiStringKeySchema.extend({ value });
export type UiStringOverride = z.output<typeof uiStringOverrideSchema>;
/** The edit form's values (language, namespace and key are the row's). */
export const uiStringValueSchema = z.object({ value });

export const uiStringListQuerySchema = z.object({
  lang: language,
  namespace,
  /** Words in the key, the shipped string or the override (case-insensitive). */
  q: z
    .string()
    .max(100, 'validation.tooLong')
    .refine((s) => !UNSTORABLE_TEXT.test(s), 'validation.invalidCharacters')
    .transform((s) => s.trim())
    .optional(),
  /** `true`: only the overridden strings. */
  overridden: z.enum(['true', 'false'], { error: 'validation.fieldInvalid' }).optional(),
  current: pageNumber().default(1),
  size: z.coerce.number().int('validation.pageSizeInvalid').min(1, 'validation.pageSizeInvalid').max(200, 'validation.pageSizeInvalid').default(50),
});
export type UiStringListQuery = z.output<typeof uiStringListQuerySchema>;

export const uiStringBundleQuerySchema = z.object({ lang: language });

export const uiStringsImportSchema = z.object({
  overrides: z.array(uiStringOverrideSchema, { error: 'languages.validation.importInvalid' }).max(UI_STRING_LIMITS.importMax, 'languages.validation.importTooMany'),
});
export type UiStringsImportInput = z.output<typeof uiStringsImportSchema>;

export interface UiStringRow {
  namespace: UiStringNamespace;
  /** The dotted key within the namespace. */
  key: string;
  /** The shipped string of the chosen language. */
  shipped: string;
  /** The administrator's words, or null: the shipped string shows. */
  override: string | null;
  updatedAt: string | null;
  updatedBy: string | null;
}

export interface UiStringPage {
  total: number;
  list: UiStringRow[];
  /** How many strings of this language are overridden, every namespace. */
  overriddenTotal: number;
}


/** The export's file: what the import takes back. */
export interface UiStringsExport {
  format: 'schoolflow-ui-strings';
  exportedAt: string;
  overrides: UiStringOverride[];
}

export interface UiStringsImportResult {
  imported: number;
  unchanged: number;
}

/** The `{{name}}` placeholders of a string, each once, in order (what an override must keep). */
export function placeholdersOf(text: string): string[] {
  const names: string[] = [];
  for (const m of text.matchAll(/\{\{\s*([^{}]+?)\s*\}\}/g)) {
    const name = m[1] as string;
    if (!names.includes(name)) names.push(name);
  }
  for (const m of text.matchAll(/\$t\([^)]*\)/g)) if (!names.includes(m[0])) names.push(m[0]);
  return names;
}

/** The shipped string's placeholders (and nestings) the override leaves out: none means it may be saved. */
export function droppedPlaceholders(shipped: string, override: string): string[] {
  const kept = new Set(placeholdersOf(override));
  return placeholdersOf(shipped).filter((p) => !kept.has(p));
}
