import type { MemberRole, OrganisationKind } from '@schoolflow/contracts';
import type { OrganisationsKey } from './use-organisations-t.js';

/** A kind's name (`kinds.{kind}`). */
export const kindKey = (kind: OrganisationKind): OrganisationsKey => `kinds.${kind}`;
/** A role as the kind names it (`roles.{kind}.{role}`: 社长 in a society, 书记 in the youth league). */
export const roleKey = (kind: OrganisationKind, role: MemberRole): OrganisationsKey => `roles.${kind}.${role}`;
/** Semantic's colour of a kind's label. */
export const KIND_COLOURS: Record<OrganisationKind, 'blue' | 'red' | 'green' | 'orange'> = { studentUnion: 'blue', youthLeague: 'red', society: 'green', parentCommittee: 'orange' };
