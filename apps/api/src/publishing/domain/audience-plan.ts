import type { Audience, AudienceSelector } from '@schoolflow/contracts';
import type { PostKindDeclaration } from './post-kinds.js';

/**
 * How an audience becomes recipients (docs/product/publishing.md#audience-and-recipients), decided before any row is read. Groups (the school, grades,
 * classes, teaching classes) give their students unless `students: false`, and their teachers with `staff: true` (the
 * whole school: every staff member); `parents: true` adds the parents of every student the audience reaches, named or
 * by role too; roles and named users are recipients as they are.
 */
export interface AudiencePlan {
  school: boolean;
  grades: number[];
  classIds: string[];
  teachingClassIds: string[];
  roles: string[];
  userIds: string[];
  groupStudents: boolean;
  groupStaff: boolean;
  parents: boolean;
}

/** The plan, or the selector this kind does not allow (the refusal names the audience as not allowed). */
export function audiencePlan(a: Audience, kind: PostKindDeclaration): { plan: AudiencePlan } | { notAllowed: AudienceSelector } {
  const used: [AudienceSelector, boolean][] = [
    ['school', a.school === true],
    ['grades', !!a.grades?.length],
    ['classIds', !!a.classIds?.length],
    ['teachingClassIds', !!a.teachingClassIds?.length],
    ['roles', !!a.roles?.length],
    ['userIds', !!a.userIds?.length],
  ];
  for (const [selector, present] of used) if (present && !kind.selectors.includes(selector)) return { notAllowed: selector };
  return { plan: planOfAudience(a) };
}

/** The plan of an audience whatever allows it (questionnaires take every selector: surveys/answering reuses it). */
export function planOfAudience(a: Audience): AudiencePlan {
  const unique = <T>(xs: readonly T[] | undefined): T[] => [...new Set(xs ?? [])];
  return {
    school: a.school === true,
    grades: unique(a.grades),
    classIds: unique(a.classIds),
    teachingClassIds: unique(a.teachingClassIds),
    roles: unique(a.roles),
    userIds: unique(a.userIds),
    groupStudents: a.students !== false,
    groupStaff: a.staff === true,
    parents: a.parents === true,
  };
}

/** Whether the plan names any group (only then do `students` and `staff` mean anything). */
export const hasGroups = (p: AudiencePlan): boolean => p.school || p.grades.length > 0 || p.classIds.length > 0 || p.teachingClassIds.length > 0;
