import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * 我的申请 lists every flow's requests now: its menu carries a permission of its own, not leave's apply permission —
 * else granting it to a flow's starters (a teacher who borrows classrooms) would let them apply for leave.
 */
export class MyApplicationsPermission1732000018000 implements MigrationInterface {
  name = 'MyApplicationsPermission1732000018000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE sys_menu SET permission = 'menu:my_applications' WHERE url = '/apply/leave/mine' AND permission = 'workflow:leave:apply'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE sys_menu SET permission = 'workflow:leave:apply' WHERE url = '/apply/leave/mine' AND permission = 'menu:my_applications'`);
  }
}
