/**
 * The grants of a user as SQL expressions over a user id expression: enabled roles, and the permission values of
 * those roles' menus plus their own grants. One definition, used by the access service and by the session lookup
 * (which answers session and grants in one round trip on every request).
 */
export function rolesOf(userId: string): string {
  return `coalesce((SELECT array_agg(DISTINCT r.code ORDER BY r.code) FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id AND r.enabled
                    WHERE ur.user_id = ${userId}), '{}')`;
}

export function permissionsOf(userId: string): string {
  return `coalesce((SELECT array_agg(DISTINCT p.permission) FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id AND r.enabled
                    JOIN (SELECT rp.role_id, rp.permission FROM sys_role_permission rp
                          UNION SELECT rm.role_id, m.permission FROM sys_role_menu rm JOIN sys_menu m ON m.id = rm.menu_id AND m.enabled AND m.permission <> '') p
                      ON p.role_id = r.id
                    WHERE ur.user_id = ${userId}), '{}')`;
}
