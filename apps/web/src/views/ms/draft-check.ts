import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver, ResolverResult } from 'react-hook-form';
import type { ZodType } from 'zod';
import { validationMessage } from '../../i18n/use-t.js';

/** A field's message by its dotted path (`loginTitle.zh`), translated. */
export type FieldErrors = Record<string, string>;

/** How a draft is checked on submit: the shared schema the server validates with, the draft → input step, extra rules. */
export interface DraftCheck<D> {
  schema: ZodType;
  /** The input the schema reads (trimmed text, numbers from text fields, fields of the chosen kind only). */
  prepare: (draft: D) => unknown;
  /** Rules of the form beyond the schema, by field, already worded (they win over the schema's message of a field). */
  extra?: (draft: D) => FieldErrors;
  /** Runs with the messages when the check failed (a tabbed form shows the tab of the first one). */
  invalid?: (errors: FieldErrors) => void;
}

/** react-hook-form's nested errors as one message per dotted path (a field's element, `ref`, is not walked). */
export function flattenErrors(errors: object, prefix = '', out: FieldErrors = {}): FieldErrors {
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'ref' || !value || typeof value !== 'object') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    const { message, type } = value as { message?: unknown; type?: unknown };
    if (typeof message === 'string') out[path] ??= message;
    else if (typeof type !== 'string') flattenErrors(value as object, path, out);
  }
  return out;
}

/**
 * The resolver of a draft: the check given to the latest submit, its zod messages translated through the `validation`
 * namespace (unknown keys fall back to the key text), one message per field.
 */
export function draftResolver<D extends FieldValues>(check: { current: DraftCheck<D> }): Resolver<D> {
  return async (values, context, options) => {
    const { schema, prepare, extra } = check.current;
    const zod = zodResolver(schema as ZodType<FieldValues, FieldValues>) as unknown as Resolver<FieldValues>;
    const result = (await zod(prepare(values) as FieldValues, context, options as never)) as ResolverResult<FieldValues>;
    const messages: FieldErrors = {};
    for (const [path, message] of Object.entries(flattenErrors(result.errors))) messages[path] = validationMessage(message);
    Object.assign(messages, extra?.(values) ?? {});
    if (Object.keys(messages).length === 0) return { values: result.values as D, errors: {} };
    return { values: {}, errors: Object.fromEntries(Object.entries(messages).map(([path, message]) => [path, { type: 'validate', message }])) } as ResolverResult<D>;
  };
}

