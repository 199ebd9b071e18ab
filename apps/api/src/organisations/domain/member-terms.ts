import { addDays, type MemberRole, memberTypeOf, type OrganisationKind } from '@schoolflow/contracts';

/**
 * The rules of members' terms (docs/product/campus-life.md#members, docs/adr/0061-organisations.md#terms), pure: a term
 * is a role held from a day to a day (inclusive; open-ended while `to` is null). A person holds one term of a body at a
 * time; a change of role ends the current term the day before and begins a new one, so the old role stays in the
 * history; ending a term sets its last day. Dates are school dates, `YYYY-MM-DD`, which compare as text.
 */
export interface Term {
  id: string;
  role: MemberRole;
  from: string;
  to: string | null;
}

export type TermStatus = 'current' | 'ended' | 'upcoming';

export function termStatus(t: Pick<Term, 'from' | 'to'>, today: string): TermStatus {
  if (t.from > today) return 'upcoming';
  return t.to !== null && t.to < today ? 'ended' : 'current';
}

/** Whether two terms share a day. */
export function overlaps(a: Pick<Term, 'from' | 'to'>, b: Pick<Term, 'from' | 'to'>): boolean {
  return (a.to === null || b.from <= a.to) && (b.to === null || a.from <= b.to);
}

/** Why a new term from `from` to `to` cannot be added beside the person's other terms of the body, or null. */
export function newTermRefusal(term: { from: string; to: string | null }, others: readonly Pick<Term, 'from' | 'to'>[]): 'endBeforeStart' | 'overlap' | null {
  if (term.to !== null && term.to < term.from) return 'endBeforeStart';
  return others.some((o) => overlaps(o, term)) ? 'overlap' : null;
}

export type RoleChange = { refused: 'sameRole' | 'startNotAfter' | 'termEnded' } | { endOn: string; next: { role: MemberRole; from: string; to: string | null } };

/**
 * Another role from `from` on: the term must have begun before that day and not ended before it; the current term
 * ends the day before, the new one runs from `from` to the old one's planned end.
 */
export function planRoleChange(term: Term, role: MemberRole, from: string): RoleChange {
  if (role === term.role) return { refused: 'sameRole' };
  if (from <= term.from) return { refused: 'startNotAfter' };
  if (term.to !== null && term.to < from) return { refused: 'termEnded' };
  return { endOn: addDays(from, -1), next: { role, from, to: term.to } };
}

/** Ending a term on `to` (its last day): not before it began, and never later than it already ends. */
export function endRefusal(term: Pick<Term, 'from' | 'to'>, to: string): 'endBeforeStart' | 'termEnded' | null {
  if (to < term.from) return 'endBeforeStart';
  if (term.to !== null && term.to < to) return 'termEnded';
  return null;
}

/** A person as the rules of joining read them. */
export interface Person {
  enabled: boolean;
  /** Holds the parent role. */
  parent: boolean;
  /** Their student row's status, or null: not a student. */
  studentStatus: string | null;
}

/**
 * Why a person may not be a member of a body of this kind, or null: students join the student bodies (enrolled ones),
 * parents the parent committee.
 */
export function personRefusal(kind: OrganisationKind, person: Person | null): 'personUnknown' | 'wrongPerson' | 'notEnrolled' | null {
  if (!person || !person.enabled) return 'personUnknown';
  if (memberTypeOf(kind) === 'parent') return person.parent ? null : 'wrongPerson';
  if (person.studentStatus === null) return 'wrongPerson';
  return person.studentStatus === 'enrolled' ? null : 'notEnrolled';
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** An activity's plain text as the post's HTML: escaped, paragraphs at blank lines, line breaks kept. */
export function activityHtml(text: string): string {
  return text
    .trim()
    .split(/\r?\n\s*\r?\n/)
    .map((p) => `<p>${p.trim().replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}
