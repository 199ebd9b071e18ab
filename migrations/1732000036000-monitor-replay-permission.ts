import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Replaying a parked event (docs/adr/0027) runs its handler again — a student's status, a certificate, messages — so it
 * is a permission of its own (`ms:monitor:replay`), not the monitor's view: the administrator role gets it; a role that
 * only watches the monitor does not.
 */
export class MonitorReplayPermission1732000036000 implements MigrationInterface {
  name = 'MonitorReplayPermission1732000036000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`INSERT INTO sys_role_permission (role_id, permission) SELECT id, 'ms:monitor:replay' FROM sys_role WHERE code = 'admin' ON CONFLICT DO NOTHING`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM sys_role_permission WHERE permission = 'ms:monitor:replay'`);
  }
}
