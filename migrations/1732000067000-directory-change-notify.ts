import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The directory reads' announcements (docs/adr/0088-directory-reads-cached.md): a change of what a submission reads
 * about its applicant — students and their classes, guardians, head teachers, role holders, the school's settings and
 * holidays — is announced on `schoolflow_directory` at commit, once per statement, so every instance drops the reads
 * it keeps (DirectoryCache). Updates announce only when they set a column those reads read: a user's sign-in or
 * language, a student's address, do not.
 */
const WATCHED: { table: string; columns: string[] | null }[] = [
  { table: 'student', columns: ['id', 'user_id', 'name', 'student_no', 'class_id', 'status'] },
  { table: 'guardian', columns: null },
  { table: 'admin_class', columns: ['id', 'name', 'head_teacher_id'] },
  { table: 'sys_user', columns: ['id', 'account', 'enabled'] },
  { table: 'sys_user_role', columns: null },
  { table: 'sys_role', columns: ['id', 'code', 'enabled'] },
  { table: 'sys_config', columns: null },
  { table: 'calendar_holiday', columns: null },
];

export class DirectoryChangeNotify1732000067000 implements MigrationInterface {
  name = 'DirectoryChangeNotify1732000067000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION directory_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_notify('schoolflow_directory', ''); RETURN NULL; END $$`);
    for (const { table, columns } of WATCHED) {
      const update = columns ? `UPDATE OF ${columns.join(', ')}` : 'UPDATE';
      await q.query(`CREATE TRIGGER ${table}_directory_changed AFTER INSERT OR ${update} OR DELETE OR TRUNCATE ON ${table}
                     FOR EACH STATEMENT EXECUTE FUNCTION directory_changed()`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const { table } of WATCHED) await q.query(`DROP TRIGGER ${table}_directory_changed ON ${table}`);
    await q.query(`DROP FUNCTION directory_changed()`);
  }
}
