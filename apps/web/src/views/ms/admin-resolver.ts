import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver, ResolverResult } from 'react-hook-form';
import type { ZodType } from 'zod';

/**
 * The resolver of an administration form (react-hook-form): the draft the inputs hold becomes the input the shared
 * zod schema reads — the one the server validates with — by `prepare` (trimmed text, fields of the chosen kind only),
 * then the schema decides; `extra` adds the form's own rules beyond the schema, by top-level field, already worded (they win
 * over the schema's message of that field). Messages stay `validation.*` keys; fields translate them when shown.
 */
export function adminResolver<D extends FieldValues, O>(schema: ZodType<O>, prepare: (draft: D) => unknown, extra?: (draft: D) => Partial<Record<keyof D & string, string>>): Resolver<D, unknown, O> {
  const zod = zodResolver(schema as ZodType<FieldValues, FieldValues>) as unknown as Resolver<FieldValues, unknown, O>;
  return async (values, context, options) => {
    const result = (await zod(prepare(values) as FieldValues, context, options as never)) as ResolverResult<FieldValues, O>;
    const own = Object.entries(extra?.(values) ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string');
    if (own.length === 0) return result as ResolverResult<D, O>;
    const errors: Record<string, unknown> = { ...result.errors };
    for (const [path, message] of own) errors[path] = { type: 'validate', message };
    return { values: {}, errors } as ResolverResult<D, O>;
  };
}

/** The first message under a field's errors (a list's own, or its first item's), or none. */
export function firstError(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message, type } = error as { message?: unknown; type?: unknown };
  if (typeof message === 'string') return message;
  if (typeof type === 'string') return undefined;
  for (const [key, value] of Object.entries(error)) {
    if (key === 'ref') continue;
    const m = firstError(value);
    if (m) return m;
  }
  return undefined;
}

/** The top-level fields that have a message (a tabbed form shows the tab of the first one). */
export function erroredFields(errors: FieldErrors): string[] {
  return Object.keys(errors).filter((k) => firstError(errors[k]) !== undefined);
}
