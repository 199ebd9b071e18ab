import { randomUUID } from 'node:crypto';
import { RoleCode, UserType } from '@schoolflow/contracts';
import type { EntityManager } from 'typeorm';
import type { ServerConfig } from '../../config/app-config.js';
import { PasswordHasher } from '../../identity/domain/password-hasher.js';
import type { ResourcePlugin, Values } from '../resource-plugin.js';
import { studentScope } from './scopes.js';
import { ResourceErrors } from '../resources.errors.js';
import { AdvisoryLockSpace } from '../../infrastructure/database/advisory-locks.js';

interface Guardian {
  name?: string;
  relationship?: string;
  mobile?: string;
}

/** The last six characters of an ID number: the initial password of a student and its parents (docs/product/base-data.md#accounts-and-initial-passwords). */
const lastSix = (idNumber: unknown): string => String(idNumber ?? '').slice(-6);
/** The parent accounts of a student: `jz` + the student number, then `jz{no}_2`, … for further guardians. */
const parentAccount = (studentNo: string, n: number): string => (n === 0 ? `jz${studentNo}` : `jz${studentNo}_${n + 1}`);

/**
 * A student's side effects (docs/product/base-data.md#students): numbering a new student of an enrollment batch by {YYYY}{XB}{XQ}{LSH};
 * its account and one parent account per guardian with a mobile, with initial passwords that must be changed at the
 * first sign-in. Accounts are written set by set (one statement per kind for a whole chunk of an import).
 */
export function studentsPlugin(config: Pick<ServerConfig, 'pwdHashPrefix'>): ResourcePlugin {
  return {
    scope: studentScope,

    async beforeWrite(tx, values, mode) {
      if (mode !== 'create' || values.studentNo || !values.enrollmentBatchId) return;
      const [batch] = await tx.query<{ year: number; campus_id: string; campus_code: string }[]>(
        `SELECT b.year, b.campus_id, c.code AS campus_code FROM enrollment_batch b JOIN campus c ON c.id = b.campus_id WHERE b.id = $1`,
        [values.enrollmentBatchId],
      );
      if (!batch) throw ResourceErrors.fieldChoose('enrollmentBatchId', '');
      const prefix = `${batch.year}${values.gender === 'F' ? 2 : 1}${batch.campus_code}`;
      // One numbering at a time per prefix, so two admissions cannot take the same serial.
      await tx.query(`SELECT pg_advisory_xact_lock($1, hashtext($2))`, [AdvisoryLockSpace.studentNumbering, prefix]);
      const [last] = await tx.query<{ serial: number | null }[]>(
        `SELECT max(substr(student_no, $2)::int) AS serial FROM student WHERE student_no LIKE $1 AND substr(student_no, $2) ~ '^[0-9]{3}$'`,
        [`${prefix}___`, prefix.length + 1],
      );
      const next = (last?.serial ?? 0) + 1;
      if (next > 999) throw ResourceErrors.studentNoExhausted();
      values.studentNo = `${prefix}${String(next).padStart(3, '0')}`;
      values.campusId ??= batch.campus_id;
    },

    beforeCreateMany: (tx, items) => prepareAccounts(tx, config.pwdHashPrefix, items),
    afterCreateMany: (tx, items) => linkParents(tx, items),

    async afterWrite(tx, id, values, mode) {
      if (mode === 'create') return;
      // The account's name follows the record; guardians keep their parent accounts by position, new ones get theirs.
      await tx.query(`UPDATE sys_user u SET name = $2, updated_at = now() FROM student s WHERE s.id = $1 AND u.id = s.user_id`, [id, values.name]);
      const [student] = await tx.query<{ student_no: string; id_number: string | null }[]>(`SELECT student_no, id_number FROM student WHERE id = $1`, [id]);
      const existing = await tx.query<{ user_id: string; account: string }[]>(
        `SELECT g.user_id, u.account FROM guardian g JOIN sys_user u ON u.id = g.user_id WHERE g.student_id = $1 ORDER BY u.account`,
        [id],
      );
      const withMobile = ((values.guardians as Guardian[] | undefined) ?? []).map((g, position) => ({ ...g, position })).filter((g) => g.mobile);
      const fresh: Values[] = [];
      for (const [n, g] of withMobile.entries()) {
        const account = existing[n];
        if (account) {
          await tx.query(`UPDATE student_guardian SET user_id = $3 WHERE student_id = $1 AND position = $2`, [id, g.position, account.user_id]);
          await tx.query(`UPDATE sys_user SET name = $2, updated_at = now() WHERE id = $1`, [account.user_id, g.name]);
        } else {
          fresh.push({ studentId: id, position: g.position, account: parentAccount(String(student?.student_no), n), name: g.name, relation: g.relationship, idNumber: student?.id_number });
        }
      }
      if (fresh.length) await createParents(tx, config.pwdHashPrefix, fresh);
    },

    async beforeDelete(tx, id) {
      // Their history (applications, messages) stays; the accounts can no longer sign in. A parent with another child keeps theirs.
      await tx.query(`UPDATE sys_user u SET enabled = false, updated_at = now() FROM student s WHERE s.id = $1 AND u.id = s.user_id`, [id]);
      await tx.query(
        `UPDATE sys_user u SET enabled = false, updated_at = now() FROM guardian g
          WHERE g.student_id = $1 AND u.id = g.user_id AND NOT EXISTS (SELECT 1 FROM guardian o WHERE o.user_id = g.user_id AND o.student_id <> $1)`,
        [id],
      );
    },
  };
}

/**
 * The accounts of new students, made before their rows so that the rows carry them (no UPDATE of thousands of fresh
 * rows, each touching every index): ids are made here — the student's, its account's, each parent account's — and
 * the accounts and their roles go in as one statement per kind. The guardian links follow the rows (linkParents).
 */
async function prepareAccounts(tx: EntityManager, prefix: string, students: Values[]): Promise<void> {
  const users: Record<string, unknown>[] = [];
  const roleOf = new Map<string, string>();
  for (const s of students) {
    s.id ??= randomUUID();
    const secret = lastSix(s.idNumber);
    const studentUser = randomUUID();
    s.userId = studentUser;
    users.push({ id: studentUser, account: s.studentNo, name: s.name, user_type: UserType.student, password_hash: PasswordHasher.initial(prefix, String(s.studentNo), secret), must_change_password: true });
    roleOf.set(studentUser, RoleCode.student);
    let n = 0;
    for (const g of (s.guardians as (Guardian & { userId?: string })[] | undefined) ?? []) {
      if (!g.mobile) continue;
      const account = parentAccount(String(s.studentNo), n++);
      g.userId = randomUUID();
      users.push({ id: g.userId, account, name: g.name, user_type: UserType.other, password_hash: PasswordHasher.initial(prefix, account, secret), must_change_password: true });
      roleOf.set(g.userId, RoleCode.parent);
    }
  }
  await tx.query(
    `INSERT INTO sys_user (id, account, name, user_type, password_hash, must_change_password)
     SELECT id, account, name, user_type, password_hash, must_change_password
       FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, account text, name text, user_type text, password_hash text, must_change_password boolean)`,
    [JSON.stringify(users)],
  );
  await tx.query(
    `INSERT INTO sys_user_role (user_id, role_id)
     SELECT x.user_id, r.id FROM jsonb_to_recordset($1::jsonb) AS x(user_id uuid, role text) JOIN sys_role r ON r.code = x.role`,
    [JSON.stringify([...roleOf].map(([user_id, role]) => ({ user_id, role })))],
  );
}

/** Who may act as whose parent (the `guardian` link the flows and scopes read), once the students' rows exist. */
async function linkParents(tx: EntityManager, students: Values[]): Promise<void> {
  const links = students.flatMap((s) =>
    ((s.guardians as (Guardian & { userId?: string })[] | undefined) ?? []).filter((g) => g.userId).map((g) => ({ user_id: g.userId, student_id: s.id, relation: g.relationship ?? 'guardian' })),
  );
  if (!links.length) return;
  await tx.query(`INSERT INTO guardian (user_id, student_id, relation) SELECT user_id, student_id, relation FROM jsonb_to_recordset($1::jsonb) AS x(user_id uuid, student_id uuid, relation text)`, [JSON.stringify(links)]);
}

async function createParents(tx: EntityManager, prefix: string, parents: Values[]): Promise<void> {
  const input = parents.map((p) => ({
    student_id: p.studentId,
    position: p.position,
    account: p.account,
    name: p.name,
    relation: p.relation ?? 'guardian',
    hash: PasswordHasher.initial(prefix, String(p.account), lastSix(p.idNumber)),
  }));
  await tx.query(
    `WITH input AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(student_id uuid, position int, account text, name text, relation text, hash text)),
          users AS (INSERT INTO sys_user (account, name, user_type, password_hash, must_change_password)
                    SELECT account, name, $2, hash, true FROM input RETURNING id, account),
          roles AS (INSERT INTO sys_user_role (user_id, role_id) SELECT u.id, r.id FROM users u CROSS JOIN sys_role r WHERE r.code = $3),
          links AS (INSERT INTO guardian (user_id, student_id, relation) SELECT u.id, i.student_id, i.relation FROM users u JOIN input i ON i.account = u.account)
     UPDATE student_guardian g SET user_id = u.id FROM users u JOIN input i ON i.account = u.account WHERE g.student_id = i.student_id AND g.position = i.position`,
    [JSON.stringify(input), UserType.other, RoleCode.parent],
  );
}

