import type { Audience, AudienceSelector } from '@schoolflow/contracts';

/**
 * An audience as a form types it (docs/product/publishing.md#audience-and-recipients): the contracts' `Audience`
 * with grades as the checkboxes hold them (strings) and every list present. Publishing's compose form and the
 * questionnaire form both hold these fields and read and send them through this module.
 */
export interface AudienceDraft {
  school: boolean;
  grades: string[];
  classIds: string[];
  teachingClassIds: string[];
  roles: string[];
  userIds: string[];
  students: boolean;
  staff: boolean;
  parents: boolean;
}

/** Nobody chosen yet; a group's students unless unchecked. */
export function emptyAudience(): AudienceDraft {
  return { school: false, grades: [], classIds: [], teachingClassIds: [], roles: [], userIds: [], students: true, staff: false, parents: false };
}

/** A stored audience back in the form (what the server answered for a saved post or questionnaire). */
export function audienceDraftOf(a: Audience | null | undefined): AudienceDraft {
  return {
    school: a?.school === true,
    grades: (a?.grades ?? []).map(String),
    classIds: [...(a?.classIds ?? [])],
    teachingClassIds: [...(a?.teachingClassIds ?? [])],
    roles: [...(a?.roles ?? [])],
    userIds: [...(a?.userIds ?? [])],
    students: a?.students ?? true,
    staff: a?.staff ?? false,
    parents: a?.parents ?? false,
  };
}

const list = <T,>(xs: readonly T[]): T[] | undefined => (xs.length > 0 ? [...xs] : undefined);

/**
 * The draft as the contracts' `audienceSchema` reads it (grades as numbers, empty lists left out), keeping only the
 * selectors `allowed` — what was chosen under another kind before switching is not sent.
 */
export function audienceOfDraft(d: AudienceDraft, allowed: (selector: AudienceSelector) => boolean = () => true): Record<string, unknown> {
  return {
    ...(d.school && allowed('school') ? { school: true } : {}),
    grades: allowed('grades') ? list(d.grades.map(Number)) : undefined,
    classIds: allowed('classIds') ? list(d.classIds) : undefined,
    teachingClassIds: allowed('teachingClassIds') ? list(d.teachingClassIds) : undefined,
    roles: allowed('roles') ? list(d.roles) : undefined,
    userIds: allowed('userIds') ? list(d.userIds) : undefined,
    students: d.students,
    staff: d.staff,
    parents: d.parents,
  };
}
