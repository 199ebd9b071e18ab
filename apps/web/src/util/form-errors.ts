import { i18n } from '../i18n/i18n.js';

/**
 * The first message of a react-hook-form error: a field's own, or for a list or an object one of its items' (a
 * picture of a list, a question of a questionnaire). The `ref` an error carries is the input, not a message: skipped.
 * Every form that shows one message per input (leave, compose, questionnaire designer, resource children) reads it here.
 */
export function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const own = (error as { message?: unknown }).message;
  if (typeof own === 'string' && own !== '') return own;
  for (const [key, item] of Object.entries(error)) {
    const found = key === 'ref' ? undefined : firstMessage(item);
    if (found) return found;
  }
  return undefined;
}

/**
 * A form error's key in words: `validation.*` or a feature namespace's own (`class-walking.validation.*`,
 * `registrations.validation.*`) — the namespace is the key's first part.
 */
export function namespacedMessage(key: string): string {
  const dot = key.indexOf('.');
  // a message written for the server names its field ({{field}}); under the field itself it reads "this field"
  return dot > 0 ? i18n.t(key.slice(dot + 1), { ns: key.slice(0, dot), field: i18n.t('thisField', { ns: 'validation' }) }) : key;
}

/** A field's error as a form shows it under its input: its first message, in words (undefined when it has none). */
export function fieldMessage(error: unknown): string | undefined {
  const m = firstMessage(error);
  return m ? namespacedMessage(m) : undefined;
}
