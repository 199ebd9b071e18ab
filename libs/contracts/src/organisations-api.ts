import { z } from 'zod';
import { isCalendarDate } from './flow-forms.js';
import { Permission, RoleCode } from './permissions.js';
import { POST_TITLE_MAX } from './posts-api.js';
import { ORGANISATION_KINDS, ORGANISATIONS_BASE, ORGANISATIONS_MANAGE, type OrganisationKind } from './resources/organisations.resource.js';

/**
 * 学生组织 (DESIGN §15 `/server/api/organisations`; docs/product/campus-life.md#organisations,
 * docs/adr/0061-organisations.md): bodies of four kinds (the resource kit's `organisations`, under `/bodies`), each
 * with an advisor and members holding roles for terms (a member's every term kept), join requests reviewed on the flow
 * kit (`organisation-join`: `POST /api/workflows/organisation-join {organisationId, reason}`, the advisor approves or
 * refuses), and activities that are posts of the publishing area linked to their body.
 */
export const ORGANISATION_JOIN_FLOW = 'organisation-join';
export { ORGANISATION_KINDS, ORGANISATIONS_BASE, ORGANISATIONS_MANAGE, type OrganisationKind };

export const organisationsPath = {
  /** `GET` `organisationDirectoryQuerySchema` → `OrganisationSummary[]`: every body in use, with my place in each (anyone signed in). */
  directory: ORGANISATIONS_BASE,
  /** `GET` → `MyOrganisations`: my terms (current and past) and the bodies I advise (anyone signed in). */
  mine: `${ORGANISATIONS_BASE}/mine`,
  /** `GET` → `OrganisationProfile`: a body, its members and what its managers see (anyone signed in: a body in use). */
  profile: (id: string): string => `${ORGANISATIONS_BASE}/bodies/${id}/profile`,
  /** `POST` `addMemberSchema` → `OrganisationProfile` (its advisor, organisations:manage). */
  members: (id: string): string => `${ORGANISATIONS_BASE}/bodies/${id}/members`,
  /** `POST` `changeRoleSchema` → `OrganisationProfile`: the term ends the day before, a new one begins (its advisor, organisations:manage). */
  role: (id: string, memberId: string): string => `${ORGANISATIONS_BASE}/bodies/${id}/members/${memberId}/role`,
  /** `POST` `endTermSchema` → `OrganisationProfile`: the term ends that day (its advisor, organisations:manage). */
  end: (id: string, memberId: string): string => `${ORGANISATIONS_BASE}/bodies/${id}/members/${memberId}/end`,
  /** `GET` `candidateQuerySchema` → `OrganisationCandidate[]`: students (or parents, for a parent committee) to add (its advisor, organisations:manage). */
  candidates: (id: string): string => `${ORGANISATIONS_BASE}/bodies/${id}/candidates`,
  /** `GET` → `OrganisationActivity[]` (anyone signed in); `POST` `activityInputSchema` → `OrganisationActivity`: a published post of kind activity (its advisor, organisations:manage). */
  activities: (id: string): string => `${ORGANISATIONS_BASE}/bodies/${id}/activities`,
} as const;

/** The roles a member holds, highest first (docs/product/campus-life.md#organisations); each kind names them its own way. */
export const MEMBER_ROLES = ['chair', 'viceChair', 'secretary', 'member'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** Who joins a kind: students the student bodies, parents the parent committee. */
export type MemberType = 'student' | 'parent';
export function memberTypeOf(kind: OrganisationKind): MemberType {
  return kind === 'parentCommittee' ? 'parent' : 'student';
}

/** The spec gives no limits here; ours (docs/adr/0061-organisations.md#limits). */
export const ORGANISATION_LIMITS = { reasonMax: 200, activityTitleMax: POST_TITLE_MAX, activityTextMax: 5000, placeMax: 100, candidateQueryMax: 50, candidates: 20 } as const;

/** Opening the pages of 学生组织 (the directory, a body's page); reading needs only a session. */
export const ORGANISATIONS_VIEW = Permission.organisationsView;
/** 我的组织: a student's or a parent's terms and join requests. */
export const ORGANISATIONS_MINE = Permission.organisationsMine;
/** 入会审核: the join requests of the bodies one advises (staff). */
export const ORGANISATIONS_REVIEW = Permission.organisationsReview;

const STAFF = [RoleCode.principal, RoleCode.office, RoleCode.headTeacher, RoleCode.gradeLeader, RoleCode.teacher] as const;
const FAMILY = [RoleCode.student, RoleCode.parent] as const;

/**
 * The pages (docs/adr/0061-organisations.md#routes), under 学生组织 — `/xszz/…`, the initials of 学生组织 as the school's
 * other Chinese-named areas are routed: the directory, a body's page (hidden, `?id=`), my organisations (apply, my
 * requests and terms), the advisors' review queue, and the office's list of bodies (the resource kit's).
 */
export const ORGANISATION_PAGES = [
  { url: '/xszz/zzlb', key: 'directory', sort: 1, icon: 'users', permission: ORGANISATIONS_VIEW, write: null, roles: [...STAFF, ...FAMILY], writers: [] },
  { url: '/xszz/wdzz', key: 'mine', sort: 2, icon: 'id badge outline', permission: ORGANISATIONS_MINE, write: null, roles: [...FAMILY], writers: [] },
  { url: '/xszz/rhsh', key: 'review', sort: 3, icon: 'check square outline', permission: ORGANISATIONS_REVIEW, write: null, roles: [...STAFF], writers: [] },
  { url: '/xszz/zzgl', key: 'manage', sort: 4, icon: 'sitemap', permission: ORGANISATIONS_MANAGE, write: ORGANISATIONS_MANAGE, roles: [RoleCode.office], writers: [RoleCode.office] },
  { url: '/xszz/zzxq', key: 'profile', sort: 9, icon: 'users', permission: ORGANISATIONS_VIEW, write: null, roles: [...STAFF, ...FAMILY], writers: [], hidden: true },
] as const satisfies readonly { url: string; key: string; sort: number; icon: string; permission: string; write: string | null; roles: readonly string[]; writers: readonly string[]; hidden?: true }[];
export type OrganisationPageKey = (typeof ORGANISATION_PAGES)[number]['key'];

/** A body's page (the shell passes route parameters as the query string). */
export const organisationProfilePage = (id: string): string => `/xszz/zzxq?id=${encodeURIComponent(id)}`;

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const uuid = (key: string) => z.string({ error: key }).uuid(key);
const date = (key = 'validation.dateInvalid') => z.string({ error: key }).refine(isCalendarDate, key);
const role = z.enum(MEMBER_ROLES, { error: 'organisations.validation.roleRequired' });
const trimmed = (requiredKey: string, max: number, tooLongKey: string) =>
  z
    .string({ error: requiredKey })
    .transform((s) => s.trim())
    .pipe(z.string().min(1, requiredKey).max(max, tooLongKey));

export const organisationDirectoryQuerySchema = z.object({ kind: z.preprocess(blank, z.enum(ORGANISATION_KINDS, { error: 'organisations.validation.kindInvalid' }).optional()) });
export type OrganisationDirectoryQuery = z.infer<typeof organisationDirectoryQuerySchema>;

/** A new term: who (a student's or a parent's account), in what role, from when, and until when if it is known. */
export const addMemberSchema = z
  .object({
    userId: uuid('organisations.validation.personRequired'),
    role,
    from: date(),
    to: z.preprocess(blank, date().optional()),
  })
  .refine((v) => v.to === undefined || v.to >= v.from, { message: 'organisations.validation.endBeforeStart', path: ['to'] });
export type AddMemberInput = z.input<typeof addMemberSchema>;
export type AddMemberValues = z.output<typeof addMemberSchema>;

/** Another role from a day on: the current term ends the day before, a new one begins that day (the old one is kept). */
export const changeRoleSchema = z.object({ role, from: date() });
export type ChangeRoleValues = z.infer<typeof changeRoleSchema>;

/** A term's last day (leaving the body, or a term that ends as planned). */
export const endTermSchema = z.object({ to: date() });
export type EndTermValues = z.infer<typeof endTermSchema>;

export const candidateQuerySchema = z.object({ q: trimmed('organisations.validation.personRequired', ORGANISATION_LIMITS.candidateQueryMax, 'validation.tooLong') });

/** Who an activity is published to: the body's current members, or the whole school (students and staff) and the members. */
export const ACTIVITY_AUDIENCES = ['members', 'school'] as const;
export type ActivityAudience = (typeof ACTIVITY_AUDIENCES)[number];

const optionalTime = z.preprocess(blank, z.string({ error: 'validation.timeInvalid' }).min(1, 'validation.timeInvalid').max(40, 'validation.timeInvalid').optional());

/** An activity of a body: published at once as a post of kind activity (docs/product/publishing.md), linked to the body. */
export const activityInputSchema = z
  .object({
    title: trimmed('organisations.validation.titleRequired', ORGANISATION_LIMITS.activityTitleMax, 'organisations.validation.titleTooLong'),
    text: trimmed('organisations.validation.textRequired', ORGANISATION_LIMITS.activityTextMax, 'organisations.validation.textTooLong'),
    place: z.preprocess(blank, z.string({ error: 'organisations.validation.placeTooLong' }).trim().max(ORGANISATION_LIMITS.placeMax, 'organisations.validation.placeTooLong').optional()),
    startAt: optionalTime,
    endAt: optionalTime,
    audience: z.enum(ACTIVITY_AUDIENCES, { error: 'organisations.validation.audienceRequired' }).default('members'),
  })
  .refine((v) => !v.startAt || !v.endAt || v.endAt >= v.startAt, { message: 'organisations.validation.endBeforeStart', path: ['endAt'] });
export type ActivityInput = z.input<typeof activityInputSchema>;
export type ActivityValues = z.output<typeof activityInputSchema>;

/** A body as the directory lists it, with the reader's place in it. */
export interface OrganisationSummary {
  id: string;
  name: string;
  kind: OrganisationKind;
  description: string;
  foundedOn: string | null;
  advisorId: string;
  advisorName: string;
  /** Members holding a term today. */
  members: number;
  /** My role today, or null. */
  myRole: MemberRole | null;
  /** I advise it. */
  advising: boolean;
  /** My join request still waiting for its advisor, or null. */
  myRequestId: string | null;
  /** Whether I could ask to join it (my kind of account, not a member, nothing waiting). */
  mayApply: boolean;
}

/** One term of a member: a role from a day to a day (open-ended while `to` is null). */
export interface MemberTerm {
  id: string;
  userId: string;
  name: string;
  /** A student's number and class; a parent's children. */
  detail: string;
  role: MemberRole;
  from: string;
  to: string | null;
  /** Held today. */
  current: boolean;
  /** Held today, over, or not begun yet. */
  status: 'current' | 'ended' | 'upcoming';
  /** Joined through a join request (its id), or added by the advisor. */
  requestId: string | null;
}

/** A join request of the body, as its managers see it beside the flow kit's page. */
export interface JoinRequestRow {
  id: string;
  applicantName: string;
  detail: string;
  reason: string;
  state: string;
  createdAt: string;
}

/** A body's page (`GET …/bodies/{id}/profile`). */
export interface OrganisationProfile extends OrganisationSummary {
  enabled: boolean;
  /** The reader is its advisor or holds organisations:manage: members, requests and activities are theirs to manage. */
  canManage: boolean;
  /** The terms held today, by role. */
  current: MemberTerm[];
  /** Every term that has ended or not begun yet (to its managers; a member sees their own). */
  history: MemberTerm[];
  /** Its requests waiting for the advisor (to its managers). */
  pending: JoinRequestRow[];
  /** Requests passed whose membership the effect has not written yet (the page reads again until it has). */
  joining: number;
}

/** An activity of a body: a post of the publishing area. */
export interface OrganisationActivity {
  postId: string;
  title: string;
  place: string | null;
  startAt: string | null;
  endAt: string | null;
  publishedAt: string | null;
  authorName: string;
  /** The reader may open the post (a recipient, its author, an administrator). */
  readable: boolean;
}

/** `GET /organisations/mine`. */
export interface MyOrganisations {
  terms: (MemberTerm & { organisationId: string; organisationName: string; kind: OrganisationKind })[];
  advising: { id: string; name: string; kind: OrganisationKind }[];
  /** My requests passed whose membership is still being written (the page reads again until it is). */
  joining: number;
}

/** A person one may add to a body. */
export interface OrganisationCandidate {
  userId: string;
  name: string;
  account: string;
  detail: string;
}
