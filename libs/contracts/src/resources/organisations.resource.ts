import { Permission } from '../permissions.js';
import { date, defineResource, flag, int, oneOf, ref, text } from './resource-kit.js';

/**
 * Student organisations live under their own base (DESIGN §15 `/server/api/organisations`;
 * docs/product/campus-life.md#organisations): the bodies are this resource (`/api/organisations/bodies`), their members,
 * activities and join requests beside it.
 */
export const ORGANISATIONS_BASE = '/api/organisations';
/** 组织管理: creating, editing and deleting bodies and setting their advisors (the office; docs/adr/0061-organisations.md#access). */
export const ORGANISATIONS_MANAGE = Permission.organisationsManage;

/**
 * The four kinds of body the spec names: the student union (学生会), a society or club (社团), the youth league branch
 * (团委/团支部) and the parent committee (家委会). Students join the first three, parents the last.
 */
export const ORGANISATION_KINDS = ['studentUnion', 'society', 'youthLeague', 'parentCommittee'] as const;
export type OrganisationKind = (typeof ORGANISATION_KINDS)[number];

/**
 * 学生组织 (docs/product/campus-life.md#organisations): a body of one of the four kinds, its advisor (a teacher, who
 * reviews its join requests and manages its members) and what it is about. Name unique; a body with members or
 * activities (past ones too) is not deleted but disabled, so its history stays.
 */
export const organisations = defineResource({
  name: 'organisations',
  base: ORGANISATIONS_BASE,
  segment: 'bodies',
  table: 'organisation',
  fields: {
    name: text({ max: 30, required: true }),
    kind: oneOf('organisationKind', ORGANISATION_KINDS, { required: true }),
    advisorId: ref('teachers', { required: true }),
    description: text({ max: 300 }),
    foundedOn: date(),
    enabled: flag(true),
    sort: int({ min: 0, max: 999, fallback: 0 }),
  },
  unique: { organisation_name_key: { fields: ['name'], message: 'resource.messages.nameUsed' } },
  inUse: { organisation_member_organisation_id_fkey: 'resource.messages.organisationInUse', organisation_activity_organisation_id_fkey: 'resource.messages.organisationInUse' },
  label: 'name',
  optionsOpen: true,
  key: 'name',
  list: { columns: ['name', 'kind', 'advisorId', 'foundedOn', 'enabled', 'sort'], filters: ['kind', 'advisorId', 'enabled'], keyword: ['name', 'description'], sort: [['sort', 'ASC'], ['name', 'ASC']] },
  excel: { columns: ['name', 'kind', 'advisorId', 'description', 'foundedOn', 'enabled', 'sort'], importMaxKb: 200 },
  permissions: { read: ORGANISATIONS_MANAGE, write: ORGANISATIONS_MANAGE },
  grants: { read: ['office'], write: ['office'] },
  actions: ['list', 'read', 'create', 'update', 'delete', 'import', 'export'],
});
