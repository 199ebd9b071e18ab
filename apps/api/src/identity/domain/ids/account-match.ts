import { UNSTORABLE_TEXT } from '@schoolflow/contracts';
import type { IdsAccountAttribute } from '../../../config/app-config.js';

/**
 * Who the provider says signed in, and which of our accounts that is (docs/adr/0035-single-sign-on.md). Pure:
 * the statement for each identifier is stated here once, run by the check's handler.
 */
export interface ProviderIdentity {
  /** The CAS user, or the OIDC `sub`. */
  subject: string;
  /** CAS attributes (lists of text) or OIDC claims (any JSON). */
  attributes: Readonly<Record<string, unknown>>;
}

/** Longer than any identifier of ours (an account is at most 50 characters): such a value matches nothing. */
const VALUE_MAX = 100;

function asText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  // A repeated CAS attribute or a list claim: the first value names the person.
  if (Array.isArray(value)) return value.length > 0 ? asText(value[0]) : null;
  return null;
}

/**
 * The value to look our account up by: the named attribute or claim, else the subject. Null when it is missing,
 * empty, too long or holds what no column stores — matched against nothing, refused as not completed.
 */
export function providerValue(identity: ProviderIdentity, userAttribute: string | null): string | null {
  const raw = userAttribute === null ? identity.subject : asText(identity.attributes[userAttribute]);
  const value = raw?.trim() ?? '';
  if (value === '' || value.length > VALUE_MAX || UNSTORABLE_TEXT.test(value) || [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  return value;
}

export interface MatchedAccount {
  id: string;
  account: string;
  enabled: boolean;
}

/**
 * The statement that finds the account a provider value names, by the configured identifier: the account itself; a
 * staff member's account (their work number: staff accounts are the work number, docs/product/base-data.md#staff);
 * or the student number of a student record, whichever account that student has.
 */
export const ACCOUNT_LOOKUP: Record<IdsAccountAttribute, string> = {
  account: `SELECT u.id, u.account, u.enabled FROM sys_user u WHERE u.account = $1`,
  work_no: `SELECT u.id, u.account, u.enabled FROM staff s JOIN sys_user u ON u.id = s.user_id WHERE u.account = $1`,
  student_no: `SELECT u.id, u.account, u.enabled FROM student st JOIN sys_user u ON u.id = st.user_id WHERE st.student_no = $1`,
};

/** A name for a just-in-time account: the provider's display name when it sends one, else the value itself. */
export function displayName(identity: ProviderIdentity, fallback: string): string {
  for (const claim of ['name', 'cn', 'displayName']) {
    const value = asText(identity.attributes[claim])?.trim();
    if (value && value.length <= 50 && !UNSTORABLE_TEXT.test(value)) return value;
  }
  return fallback.slice(0, 50);
}
