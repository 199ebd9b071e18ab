/** The formats staff and campus fields must have (phone, postal code, e-mail, short number, ID card: docs/product/base-data.md#staff). */
export const MOBILE = /^1[3-9]\d{9}$/;
/** A mobile, or a landline with its area code (021-55550000, 0571-8888888). */
export const PHONE = /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8}(-\d{1,6})?)$/;
export const POSTAL_CODE = /^\d{6}$/;
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const SHORT_NUMBER = /^\d{3,8}$/;
/** Letters and digits (codes of courses, buildings, majors). */
export const CODE = /^[A-Za-z0-9]+$/;

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';

/**
 * A mainland resident ID number (GB 11643-1999): 17 digits, a real birth date at 7–14, and the check character
 * (ISO 7064 MOD 11-2) at the end — so a mistyped digit is caught where it is typed.
 */
export function isResidentId(id: string): boolean {
  if (!/^\d{17}[\dXx]$/.test(id)) return false;
  const y = Number(id.slice(6, 10));
  const m = Number(id.slice(10, 12));
  const d = Number(id.slice(12, 14));
  const birth = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || birth.getUTCFullYear() !== y || birth.getUTCMonth() !== m - 1 || birth.getUTCDate() !== d) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(id[i]) * (WEIGHTS[i] as number);
  return CHECK[sum % 11] === id[17]?.toUpperCase();
}

/** The birth date a resident ID carries (`YYYY-MM-DD`), or null. */
export function birthDateOfResidentId(id: string): string | null {
  return isResidentId(id) ? `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}` : null;
}

/** A valid resident ID for tests and the demo school: the 17 digits given, and its check character. */
export function withCheckCharacter(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (WEIGHTS[i] as number);
  return first17 + CHECK[sum % 11];
}
