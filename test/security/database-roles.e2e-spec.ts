import { describe, expect, it } from '@jest/globals';
import { withDb } from '../support/api.js';

/**
 * Hardening, finding 1: the app itself must not need a superuser at run time. The test harness provisions the
 * database as a deployment does (docs/adr/0014) and runs the app as its own role; this checks that role.
 */
describe('the database roles the platform runs as', () => {
  it('the app connects as a role that is no superuser and holds no file, program or role-creating right', async () => {
    const me = await withDb(async (c) =>
      (
        await c.query(
          `SELECT r.rolsuper, r.rolcreaterole, r.rolcreatedb, r.rolbypassrls,
                  pg_has_role(current_user, 'pg_read_server_files', 'MEMBER') AS read_files,
                  pg_has_role(current_user, 'pg_write_server_files', 'MEMBER') AS write_files,
                  pg_has_role(current_user, 'pg_execute_server_program', 'MEMBER') AS programs
             FROM pg_roles r WHERE r.rolname = current_user`,
        )
      ).rows[0],
    );
    expect(me).toEqual({ rolsuper: false, rolcreaterole: false, rolcreatedb: false, rolbypassrls: false, read_files: false, write_files: false, programs: false });
  });

  it('the role of dynamic SQL logs in on its own, read-only, and may read only the role-query views', async () => {
    const role = await withDb(async (c) =>
      (
        await c.query(
          `SELECT r.rolname, r.rolsuper, r.rolcanlogin, r.rolconfig,
                  (SELECT count(*)::int FROM information_schema.role_table_grants g WHERE g.grantee = r.rolname AND g.table_schema <> 'role_query') AS outside,
                  (SELECT count(*)::int FROM information_schema.role_table_grants g WHERE g.grantee = r.rolname AND g.privilege_type <> 'SELECT') AS writes
             FROM pg_roles r WHERE r.rolname = 'schoolflow_role_query'`,
        )
      ).rows[0] as { rolname: string; rolsuper: boolean; rolcanlogin: boolean; rolconfig: string[]; outside: number; writes: number },
    );
    expect(role).toMatchObject({ rolname: 'schoolflow_role_query', rolsuper: false, rolcanlogin: true, outside: 0, writes: 0 });
    expect(role.rolconfig).toEqual(expect.arrayContaining(['default_transaction_read_only=on', 'search_path=role_query']));
  });
});
