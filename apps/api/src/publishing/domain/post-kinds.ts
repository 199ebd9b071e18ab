import { type AudienceSelector, POST_KIND_SELECTORS, type PostKind, postPublishPermission, RoleCode } from '@schoolflow/contracts';

/** Fields beyond title, body and audience. */
export type KindField = 'courseId' | 'dueAt' | 'place' | 'startAt' | 'endAt';

/**
 * What one kind of post is (issue 24: "one declaration per kind"): the fields it needs and takes, who may publish or
 * delete it (a permission, granted at start to these roles; an administrator may change grants later), the audience
 * selectors it allows, its attachment rule, and whether recipients hand work in.
 */
export interface PostKindDeclaration {
  kind: PostKind;
  permission: string;
  publishers: readonly string[];
  required: readonly KindField[];
  allowed: readonly KindField[];
  selectors: readonly AudienceSelector[];
  /** `post`: pictures, a video and documents within the spec's notice limits; `award`: certificate pictures ≤ 2 MB. */
  attachments: 'post' | 'award';
  submissions: boolean;
}

// the permission is named after the kind, the selectors are the contracts' table (shared with the compose form)
const declare = (d: Omit<PostKindDeclaration, 'permission' | 'selectors'>): PostKindDeclaration => ({
  ...d,
  permission: postPublishPermission(d.kind),
  selectors: POST_KIND_SELECTORS[d.kind],
});

export const POST_KIND_DECLARATIONS: Record<PostKind, PostKindDeclaration> = {
  notice: declare({
    kind: 'notice',
    publishers: [RoleCode.admin, RoleCode.principal, RoleCode.office, RoleCode.headTeacher, RoleCode.teacher],
    required: [],
    allowed: [],
    attachments: 'post',
    submissions: false,
  }),
  // per class (or teaching class) and course, with a due time (issue 24 §3)
  homework: declare({
    kind: 'homework',
    publishers: [RoleCode.admin, RoleCode.headTeacher, RoleCode.teacher],
    required: ['courseId', 'dueAt'],
    allowed: ['courseId', 'dueAt'],
    attachments: 'post',
    submissions: true,
  }),
  activity: declare({
    kind: 'activity',
    publishers: [RoleCode.admin, RoleCode.principal, RoleCode.office, RoleCode.headTeacher],
    required: [],
    allowed: ['place', 'startAt', 'endAt'],
    attachments: 'post',
    submissions: false,
  }),
  // a record of one student (or a few) by a teacher, visible to them and, with `parents`, their parents
  performance: declare({
    kind: 'performance',
    publishers: [RoleCode.admin, RoleCode.headTeacher, RoleCode.teacher],
    required: [],
    allowed: [],
    attachments: 'post',
    submissions: false,
  }),
  award: declare({
    kind: 'award',
    publishers: [RoleCode.admin, RoleCode.office],
    required: [],
    allowed: [],
    attachments: 'award',
    submissions: false,
  }),
};

export const kindOf = (kind: PostKind): PostKindDeclaration => POST_KIND_DECLARATIONS[kind];
