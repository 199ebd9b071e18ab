import type { z } from 'zod';
import { AppException } from './app-exception.js';

/**
 * Parse untrusted input with a shared schema. Issue messages are i18n keys (`validation.*`);
 * the first one becomes the answer, so the user reads one clear sentence in their language.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  // `validation.*`, or a feature namespace's own validation messages (`class-walking.validation.*`, `registrations.validation.*`, a part of one: `publishing.columns.validation.*`)
  const key = issue?.message && /^(?:[a-z][a-z-]*\.){0,2}validation\.[A-Za-z]+$/.test(issue.message) ? issue.message : 'validation.invalid';
  throw AppException.badRequest(key, { field: issue?.path.join('.') ?? '' });
}
