import type { Principal } from '../../infrastructure/http/request-context.js';

/** A person as a picker lists them. */
export interface PersonChoice {
  id: string;
  name: string;
}

/**
 * Who may take a step over (转办) or be copied (抄送), as the directory knows them: the port of WorkflowPeople's rules
 * (docs/adr/0031). Its implementation is PgPeopleDirectory.
 */
export abstract class PeopleDirectory {
  /** Whether the user is enabled and holds the (enabled) role. */
  abstract holdsRole(userId: string, role: string): Promise<boolean>;
  /** The enabled holders of a role, by account, at most 200. */
  abstract roleHolders(role: string): Promise<PersonChoice[]>;
  /** How many of `userIds` (distinct) a CC of this instance by `actor` may name (docs/adr/0028). */
  abstract countCcTargets(instanceId: string, userIds: readonly string[], actor: Principal): Promise<number>;
  /** Those a CC of this instance by `actor` may name whose name or account contains `q`, less `excluded`; at most 20. */
  abstract ccTargets(instanceId: string, q: string, excluded: readonly string[], actor: Principal): Promise<PersonChoice[]>;
}
