import { Injectable } from '@nestjs/common';
import { isUuid, LAST_GRADE } from '@schoolflow/contracts';
import type { UpgradeResult } from '@schoolflow/workflows/semester-upgrade/semester-upgrade.machine.js';
import type pg from 'pg';
import { DataSource } from 'typeorm';
import { poolOf } from '../../infrastructure/database/pool.js';
import { type Prepared, prepared } from '../../infrastructure/database/prepared.js';
import { roleHoldersSql } from '../shared/student-applicant.js';

export interface UpgradeRow {
  state: 'pending' | 'running' | 'completed' | 'withdrawn';
  jobId: string | null;
  newSchoolYear: boolean;
}

/**
 * One class's step, in one statement (its own transaction): the step marked done — only if it was not (`done_at IS
 * NULL`, under its row lock: a second runner waits, then finds it done and changes nothing) — with the class's change.
 * A class below the last grade moves up one (from the grade recorded when the run was planned, so
 * even a repeated statement could not move it twice); a class in the last grade leaves school and its enrolled students
 * graduate. Every part reads the step's row, so a step already done writes nothing. Prepared once on the run's session
 * (`$1` the upgrade, `$2` the class), executed for a chunk of classes in one simple query, each class between its own
 * BEGIN and COMMIT. The job's count is the steps done, written after each chunk (its record is for the page).
 */
const MOVE_CLASS = 'semester_upgrade_move_class';
const PREPARE_MOVE_CLASS = `PREPARE ${MOVE_CLASS} (uuid, uuid) AS WITH step AS (
    UPDATE semester_upgrade_step
       SET done_at = now(),
           grade_after = CASE WHEN grade_before >= ${LAST_GRADE} THEN NULL ELSE grade_before + 1 END,
           graduated = CASE WHEN grade_before >= ${LAST_GRADE} THEN (SELECT count(*) FROM student WHERE class_id = $2 AND status = 'enrolled') ELSE 0 END
     WHERE instance_id = $1 AND class_id = $2 AND done_at IS NULL
    RETURNING grade_before),
  cls AS (
    UPDATE admin_class c SET grade = CASE WHEN s.grade_before >= ${LAST_GRADE} THEN c.grade ELSE s.grade_before + 1 END, in_school = s.grade_before < ${LAST_GRADE}
      FROM step s WHERE c.id = $2 RETURNING c.id),
  grad AS (
    UPDATE student st SET status = 'graduated' FROM step s
     WHERE st.class_id = $2 AND st.status = 'enrolled' AND s.grade_before >= ${LAST_GRADE} RETURNING st.id)
SELECT count(*)::int AS moved FROM step`;

// The run's classes, fixed once (the in-school classes when it is first taken up), and the job's total with them.
const PLAN_SQL = `WITH planned AS (
    INSERT INTO semester_upgrade_step (instance_id, class_id, grade_before)
    SELECT $1, c.id, c.grade FROM admin_class c
     WHERE c.in_school AND $3::boolean AND NOT EXISTS (SELECT 1 FROM semester_upgrade_step WHERE instance_id = $1)
    ON CONFLICT DO NOTHING RETURNING 1)
UPDATE sys_job SET state = 'running', total = (SELECT count(*) FROM planned) + (SELECT count(*) FROM semester_upgrade_step WHERE instance_id = $1)
 WHERE id = $2 RETURNING total`;

// Last grade first, then by class: the order the bar fills in.
const PENDING_SQL = `SELECT class_id AS id FROM semester_upgrade_step WHERE instance_id = $1 AND done_at IS NULL ORDER BY grade_before DESC, class_id`;

// What a run did, counted from its steps done.
const COUNTS = `count(*)::int AS classes, count(*) FILTER (WHERE grade_after IS NOT NULL)::int AS promoted,
       count(*) FILTER (WHERE grade_after IS NULL)::int AS graduated_classes, coalesce(sum(graduated), 0)::int AS graduated`;
const COUNTS_SQL = `SELECT ${COUNTS} FROM semester_upgrade_step WHERE instance_id = $1 AND done_at IS NOT NULL`;

// ... and whom its completion tells besides the administrators: every head teacher (of a class it moved or one in
// school, or holding the role).
const RESULT_SQL = `SELECT ${COUNTS},
       (SELECT coalesce(array_agg(DISTINCT h), '{}') FROM (
          SELECT c.head_teacher_id AS h FROM admin_class c
           WHERE c.head_teacher_id IS NOT NULL AND (c.in_school OR c.id IN (SELECT class_id FROM semester_upgrade_step WHERE instance_id = $1))
          UNION
          SELECT u.id FROM sys_user u JOIN sys_user_role ur ON ur.user_id = u.id JOIN sys_role r ON r.id = ur.role_id
           WHERE r.code = 'headteacher' AND r.enabled AND u.enabled) t) AS head_teachers
  FROM semester_upgrade_step WHERE instance_id = $1 AND done_at IS NOT NULL`;

type CountsRow = { classes: number; promoted: number; graduated_classes: number; graduated: number };
const resultOf = (r: CountsRow | undefined): UpgradeResult => ({ classes: r?.classes ?? 0, promoted: r?.promoted ?? 0, graduatedClasses: r?.graduated_classes ?? 0, graduated: r?.graduated ?? 0 });

/** The job's statements (semester-upgrade.runner.ts): every write of a run is one of these, each exactly once. */
@Injectable()
export class UpgradeSteps {
  private readonly hot: Prepared;
  private readonly pool: pg.Pool;

  constructor(db: DataSource) {
    this.pool = poolOf(db);
    this.hot = prepared(this.pool);
  }

  /** Upgrades whose run is not over: running, or their classes done without the instance's COMPLETE recorded. */
  async unfinished(): Promise<string[]> {
    const rows = (await this.hot.query(
      `SELECT u.instance_id AS id FROM semester_upgrade u JOIN wf_instance i ON i.id = u.instance_id
        WHERE u.state = 'running' OR (u.state = 'completed' AND i.state = 'running')`,
      [],
    )) as { id: string }[];
    return rows.map((r) => r.id);
  }

  async upgrade(instanceId: string): Promise<UpgradeRow | null> {
    const [row] = (await this.hot.query(`SELECT state, job_id AS "jobId", new_school_year AS "newSchoolYear" FROM semester_upgrade WHERE instance_id = $1`, [instanceId])) as UpgradeRow[];
    return row ?? null;
  }

  /** Every administrator (each sees the same bar). */
  async administrators(): Promise<string[]> {
    const [row] = (await this.hot.query(`SELECT ${roleHoldersSql(['admin'])}`, [])) as { admin: string[] }[];
    return row?.admin ?? [];
  }

  /** Fixes the run's classes the first time (a new school year: every in-school class; else none); answers how many. */
  async plan(instanceId: string, jobId: string, newSchoolYear: boolean): Promise<number> {
    const [row] = (await this.hot.query(PLAN_SQL, [instanceId, jobId, newSchoolYear])) as { total: number }[];
    return Number(row?.total ?? 0);
  }

  async doneCount(instanceId: string): Promise<number> {
    const [row] = (await this.hot.query(`SELECT count(*)::int AS n FROM semester_upgrade_step WHERE instance_id = $1 AND done_at IS NOT NULL`, [instanceId])) as { n: number }[];
    return row?.n ?? 0;
  }

  async pending(instanceId: string): Promise<string[]> {
    return ((await this.hot.query(PENDING_SQL, [instanceId])) as { id: string }[]).map((r) => r.id);
  }

  /** Readies a run's session for moveClasses (its statement prepared there); `release` undoes it. */
  async prepare(session: pg.ClientBase): Promise<void> {
    await session.query(PREPARE_MOVE_CLASS);
  }

  async release(session: pg.ClientBase): Promise<void> {
    await session.query(`DEALLOCATE ${MOVE_CLASS}`);
  }

  /**
   * Moves a chunk of classes on the run's session, each class in its own transaction with its step, in one round trip
   * (the ids are uuids, checked, written as literals), then records the job's count; answers it, or null when none of
   * these classes moved (their steps were done already, by another runner). A class the database refuses stops the
   * chunk there: the classes before it stay moved.
   */
  async moveClasses(session: pg.ClientBase, instanceId: string, classIds: readonly string[], jobId: string): Promise<number | null> {
    for (const id of [instanceId, jobId, ...classIds]) if (!isUuid(id)) throw new Error(`not a uuid: ${id}`);
    const text = classIds.map((c) => `BEGIN; EXECUTE ${MOVE_CLASS}('${instanceId}', '${c}'); COMMIT;`).join('\n');
    let results: pg.QueryResult<{ moved: number }>[];
    try {
      const answer = (await session.query(text)) as unknown as pg.QueryResult<{ moved: number }> | pg.QueryResult<{ moved: number }>[];
      results = Array.isArray(answer) ? answer : [answer];
    } catch (err) {
      await session.query('ROLLBACK').catch(() => undefined);
      throw err;
    }
    if (!results.some((r) => r.command === 'SELECT' && (r.rows[0]?.moved ?? 0) > 0)) return null;
    const { rows } = await session.query<{ done: number }>(
      `UPDATE sys_job SET done = greatest(done, (SELECT count(done_at) FROM semester_upgrade_step WHERE instance_id = $1)) WHERE id = $2 RETURNING done`,
      [instanceId, jobId],
    );
    return rows[0]?.done ?? null;
  }

  /**
   * The end of a run, one transaction, once (only while the upgrade is `running`): the old semester's teaching classes
   * close, the chosen semester becomes the one current one, the upgrade is completed (the lock released) and its job
   * records the counts.
   */
  async finish(instanceId: string, jobId: string): Promise<void> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ from: string | null; to: string }>(
        `UPDATE semester_upgrade SET state = 'completed', finished_at = now() WHERE instance_id = $1 AND state = 'running' RETURNING from_semester_id AS "from", to_semester_id AS "to"`,
        [instanceId],
      );
      const up = rows[0];
      if (up) {
        if (up.from) await client.query(`UPDATE teaching_class SET closed = true WHERE semester_id = $1 AND NOT closed`, [up.from]);
        // two statements: the one-current index is checked row by row
        await client.query(`UPDATE semester SET is_current = false WHERE is_current AND id <> $1`, [up.to]);
        await client.query(`UPDATE semester SET is_current = true WHERE id = $1 AND NOT is_current`, [up.to]);
        const result = await this.counts(client, instanceId);
        await client.query(`UPDATE sys_job SET state = 'completed', done = total, result = $2, finished_at = now() WHERE id = $1`, [jobId, JSON.stringify(result)]);
      }
      await client.query('COMMIT');
    } catch (err) {
      // a connection that failed is not given back to the pool
      await client.query('ROLLBACK').catch((e: Error) => (broken = e));
      throw err;
    } finally {
      client.release(broken);
    }
  }

  /** What the run did, and whom its completion tells besides the administrators (head teachers). */
  async result(instanceId: string): Promise<UpgradeResult & { headTeachers: string[] }> {
    const [row] = (await this.hot.query(RESULT_SQL, [instanceId])) as (CountsRow & { head_teachers: string[] })[];
    return { ...resultOf(row), headTeachers: row?.head_teachers ?? [] };
  }

  private async counts(client: pg.PoolClient, instanceId: string): Promise<UpgradeResult> {
    return resultOf((await client.query<CountsRow>(COUNTS_SQL, [instanceId])).rows[0]);
  }
}
