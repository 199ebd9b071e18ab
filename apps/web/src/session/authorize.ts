/** Grants a rule asks for. Within a list: `all*` needs every value, `any*` needs one. Lists combine with AND. */
export interface AuthRule {
  /** Permission values, all required. */
  all?: readonly string[];
  /** Permission values, at least one required. */
  any?: readonly string[];
  /** Role codes, at least one required. */
  roles?: readonly string[];
  /** Role codes, all required. */
  allRoles?: readonly string[];
}

/** Wildcards some servers grant to super administrators. */
const WILDCARDS = ['*', '*:*:*'];

export function isAuthorized(rule: AuthRule, permissions: readonly string[], roles: readonly string[]): boolean {
  const perms = new Set(permissions);
  const superUser = WILDCARDS.some((w) => perms.has(w));
  const hasPerm = (p: string) => superUser || perms.has(p);
  const roleSet = new Set(roles);
  if (rule.all && !rule.all.every(hasPerm)) return false;
  if (rule.any && rule.any.length > 0 && !rule.any.some(hasPerm)) return false;
  if (rule.allRoles && !rule.allRoles.every((r) => roleSet.has(r))) return false;
  if (rule.roles && rule.roles.length > 0 && !rule.roles.some((r) => roleSet.has(r))) return false;
  return true;
}
