import type pg from 'pg';
import { PasswordHasher } from '../../apps/api/src/identity/domain/password-hasher.js';
import { DEMO_PASSWORD } from '../../test/support/api.js';
import { TEST_SERVER_ENV } from '../../test/support/e2e-environment.js';
import { mapLimit } from './stats.js';

/**
 * The demo school scaled up by SQL for a bench, in bulk (a few statements, seconds): classes beside the demo's,
 * grades 10, 11, 12 in turn, and their students; optionally an account per generated student and parent accounts
 * (one per student without a guardian, generated students first; a second one each if more are asked), linked as
 * guardians. The accounts have no password (none can sign in, as 10,000 argon2 hashes would cost minutes of both
 * cores): `giveDemoPassword` gives the demo password to those a bench signs in.
 *
 * Generated rows are recognisable: class codes and student numbers start with '9' (the demo's do not), student
 * accounts are the student number, parent accounts 'jz' + it.
 */
export interface ScaleOptions {
  /** Classes in all, the demo's included. */
  classes: number;
  /** Students in all, the demo's included. */
  students: number;
  /** A sign-in account (role student) for each generated student. */
  studentAccounts?: boolean;
  /** Parent accounts in all (distinct guardians with an account), the demo's included: the rest are generated. */
  parents?: number;
}

export interface ScaledSchool {
  classes: number;
  students: number;
  studentAccounts: number;
  parentAccounts: number;
}

export async function scaleSchool(db: pg.ClientBase, o: ScaleOptions): Promise<ScaledSchool> {
  const demo = (await db.query<{ classes: number; students: number }>(`SELECT (SELECT count(*)::int FROM admin_class) AS classes, (SELECT count(*)::int FROM student) AS students`)).rows[0];
  const classes = Math.max(0, o.classes - (demo?.classes ?? 0));
  const students = Math.max(0, o.students - (demo?.students ?? 0));
  await db.query(
    `INSERT INTO admin_class (grade, enrollment_year, code, name, name_en, short_name, head_teacher_id, sort, in_school)
     SELECT 10 + (i % 3), 2025 - (i % 3), '9' || lpad(i::text, 5, '0'), '基准班' || i, 'Bench class ' || i, '基准' || i,
            (SELECT id FROM sys_user WHERE account = 'teacher0' || (1 + i % 5)), 10, true
       FROM generate_series(1, $1::int) i`,
    [classes],
  );
  if (students > 0 && classes === 0) throw new Error('students to generate but no generated class to put them in');
  await db.query(
    `INSERT INTO student (student_no, name, gender, class_id, enrollment_year)
     SELECT '9' || lpad(n::text, 8, '0'), '基准学生' || n, CASE WHEN n % 2 = 0 THEN 'M' ELSE 'F' END, c.id, c.enrollment_year
       FROM generate_series(0, $1::int - 1) n
       JOIN admin_class c ON c.code = '9' || lpad((1 + n % $2::int)::text, 5, '0')`,
    [students, Math.max(1, classes)],
  );

  let studentAccounts = 0;
  if (o.studentAccounts) {
    studentAccounts = (await accounts(
      db,
      `SELECT s.student_no AS account, s.name, s.id AS student_id FROM student s WHERE s.student_no LIKE '9%' AND s.user_id IS NULL ORDER BY s.student_no`,
      { userType: '2', role: 'student' },
    )).length;
    await db.query(`UPDATE student s SET user_id = u.id FROM sys_user u WHERE u.account = s.student_no AND s.student_no LIKE '9%' AND s.user_id IS NULL`);
  }

  let parentAccounts = 0;
  if (o.parents !== undefined) {
    const existing = (await db.query<{ n: number }>(`SELECT count(DISTINCT user_id)::int AS n FROM guardian`)).rows[0]?.n ?? 0;
    // a first parent for each student without one (generated students first), then a second for generated students
    for (const [suffix, relation, without] of [['', 'father', true], ['_2', 'mother', false]] as const) {
      const need = o.parents - existing - parentAccounts;
      if (need <= 0) break;
      const created = await accounts(
        db,
        `SELECT 'jz' || s.student_no || '${suffix}' AS account, '家长' || s.name AS name, s.id AS student_id FROM student s
          WHERE ${without ? 'NOT EXISTS (SELECT 1 FROM guardian g WHERE g.student_id = s.id)' : `s.student_no LIKE '9%'`}
          ORDER BY s.student_no LIKE '9%' DESC, s.student_no LIMIT ${need}`,
        { userType: '4', role: 'parent' },
      );
      await db.query(
        `INSERT INTO guardian (user_id, student_id, relation) SELECT unnest($1::uuid[]), unnest($2::uuid[]), $3`,
        [created.map((c) => c.id), created.map((c) => c.student_id), relation],
      );
      await db.query(
        `INSERT INTO student_guardian (student_id, position, name, relationship, mobile, user_id)
         SELECT g.student_id, $3, u.name, $4, '13' || lpad(($5::int + g.n)::text, 9, '0'), u.id
           FROM unnest($1::uuid[], $2::uuid[]) WITH ORDINALITY AS g(user_id, student_id, n) JOIN sys_user u ON u.id = g.user_id`,
        [created.map((c) => c.id), created.map((c) => c.student_id), without ? 0 : 1, relation, parentAccounts],
      );
      parentAccounts += created.length;
    }
  }
  await db.query(`VACUUM ANALYZE admin_class, student, sys_user, sys_user_role, guardian, student_guardian`);
  const total = (await db.query<{ classes: number; students: number }>(`SELECT (SELECT count(*)::int FROM admin_class) AS classes, (SELECT count(*)::int FROM student) AS students`)).rows[0];
  return { classes: total?.classes ?? 0, students: total?.students ?? 0, studentAccounts, parentAccounts };
}

/** Accounts (no password) for the rows `select` answers (account, name, student_id), with a role; answers them. */
async function accounts(db: pg.ClientBase, select: string, a: { userType: string; role: string }): Promise<{ id: string; student_id: string }[]> {
  const r = await db.query<{ id: string; student_id: string }>(
    `WITH src AS (${select}),
     ins AS (
       INSERT INTO sys_user (account, name, user_type, must_change_password)
       SELECT src.account, src.name, $1, false FROM src
       RETURNING id, account),
     roles AS (INSERT INTO sys_user_role (user_id, role_id) SELECT ins.id, (SELECT id FROM sys_role WHERE code = $2) FROM ins)
     SELECT ins.id, src.student_id FROM ins JOIN src ON src.account = ins.account`,
    [a.userType, a.role],
  );
  return r.rows;
}

/**
 * The demo password for these accounts, hashed as the seed hashes it (argon2id of the sign-in digest) at the cost the
 * bench server runs with (the tests' cost, TEST_SERVER_ENV), a few at a time; answers the seconds it took.
 */
export async function giveDemoPassword(db: pg.ClientBase, accounts: readonly string[]): Promise<number> {
  const t0 = performance.now();
  PasswordHasher.configure({ memoryKib: Number(TEST_SERVER_ENV.PASSWORD_HASH_MEMORY_KIB), timeCost: Number(TEST_SERVER_ENV.PASSWORD_HASH_TIME_COST) });
  const prefix = process.env.PWD_HASH_PREFIX ?? 'schoolflow:';
  const hashes = await mapLimit(accounts.length, 4, async (i) => PasswordHasher.hashDigest(await PasswordHasher.digest(prefix, accounts[i] as string, DEMO_PASSWORD)));
  await db.query(`UPDATE sys_user u SET password_hash = h.hash FROM unnest($1::text[], $2::text[]) AS h(account, hash) WHERE u.account = h.account`, [accounts, hashes]);
  return (performance.now() - t0) / 1000;
}
