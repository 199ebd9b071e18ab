import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * 请假记录 lists every flow's applications now (the flow kit's one list): its seeded menu is named for what it shows.
 * Only the name the seed gave it is changed; a name an administrator chose stays.
 */
export class ApplicationRecordsMenu1732000013000 implements MigrationInterface {
  name = 'ApplicationRecordsMenu1732000013000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE sys_menu SET name = '申请记录', name_en = 'Application records' WHERE url = '/apply/leave/all' AND name = '请假记录'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE sys_menu SET name = '请假记录', name_en = 'Leave records' WHERE url = '/apply/leave/all' AND name = '申请记录'`);
  }
}
