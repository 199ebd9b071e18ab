/**
 * A form's value (a draft's field, a request's kept field) as text: a string as it is, a number written out, anything
 * else — absent, a list, a name in both languages — empty. The one reading of "this field as text" of the apply pages.
 */
export function formText(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}
