import { login } from '../../test/support/api.js';
import { openDb } from './db.js';
import { mapLimit } from './stats.js';

/** A student of the demo school, with the account of their class's head teacher. */
export interface DemoStudent {
  account: string;
  className: string;
  headTeacher: string;
}

/** Staff accounts of the demo school (README, docs/adr/0004). */
export const STAFF_ACCOUNTS = ['admin', 'principal', 'office', 'headteacher', 'teacher', 'teacher01', 'teacher02', 'teacher03', 'teacher04', 'teacher05', 'jz202511001'] as const;
export const OFFICE = 'office';

/** Every seeded student account with its head teacher, class by class (read from the bench's own database). */
export async function demoStudents(databaseUrl: string): Promise<DemoStudent[]> {
  const client = await openDb(databaseUrl);
  try {
    const r = await client.query<{ account: string; class_name: string; head: string }>(
      `SELECT u.account, c.name AS class_name, h.account AS head
         FROM student s JOIN sys_user u ON u.id = s.user_id JOIN admin_class c ON c.id = s.class_id JOIN sys_user h ON h.id = c.head_teacher_id
        WHERE u.enabled ORDER BY c.name, s.student_no`,
    );
    return r.rows.map((row) => ({ account: row.account, className: row.class_name, headTeacher: row.head }));
  } finally {
    await client.end();
  }
}

/** Picks `n` students spread over the classes (round robin), so no two clients share a student. */
export function spreadOverClasses(students: DemoStudent[], n: number): DemoStudent[] {
  const byClass = new Map<string, DemoStudent[]>();
  for (const s of students) byClass.set(s.className, [...(byClass.get(s.className) ?? []), s]);
  const queues = [...byClass.values()];
  const out: DemoStudent[] = [];
  for (let i = 0; out.length < n; i++) {
    const q = queues[i % queues.length];
    const next = q?.shift();
    if (next) out.push(next);
    if (queues.every((x) => x.length === 0)) break;
  }
  if (out.length < n) throw new Error(`only ${out.length} students available, ${n} needed`);
  return out;
}

/** Signs every account in (argon2id on the server: a few at a time), answering account → token. */
export async function signIn(accounts: readonly string[], concurrency = 4): Promise<Map<string, string>> {
  const unique = [...new Set(accounts)];
  const tokens = await mapLimit(unique.length, concurrency, (i) => login(unique[i] as string));
  return new Map(unique.map((a, i) => [a, tokens[i] as string]));
}
