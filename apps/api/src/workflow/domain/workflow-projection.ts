import type { EntityManager } from 'typeorm';

export interface InstanceProjection {
  id: string;
  flow: string;
  version: number;
  state: string;
  review: string;
  extra: string | null;
  assignees: string[];
}

/**
 * Inline projection: written in the same transaction as the events, so the applicant and the reviewer read their
 * own action at once. Tasks are replaced when the step changes; an unchanged step keeps its assignment time
 * (and so its reminder clock).
 */
export const WorkflowProjection = {
  async created(
    tx: EntityManager,
    p: InstanceProjection & { applicantId: string; studentId: string | null; form: Record<string, unknown>; owners: string[]; participants: string[] },
  ): Promise<void> {
    await tx.query(
      `INSERT INTO wf_instance (id, flow, version, state, review_status, extra_status, applicant_id, student_id, form, owners, participants, assignees, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, now(), now())`,
      [p.id, p.flow, p.version, p.state, p.review, p.extra, p.applicantId, p.studentId, JSON.stringify(p.form), p.owners, p.participants, p.assignees],
    );
    await replaceTasks(tx, p, true);
  },

  async transitioned(tx: EntityManager, p: InstanceProjection, stepChanged: boolean): Promise<void> {
    await tx.query(
      `UPDATE wf_instance SET version = $2, state = $3, review_status = $4, extra_status = $5, assignees = $6, updated_at = now() WHERE id = $1`,
      [p.id, p.version, p.state, p.review, p.extra, p.assignees],
    );
    await replaceTasks(tx, p, stepChanged);
  },
};

async function replaceTasks(tx: EntityManager, p: InstanceProjection, stepChanged: boolean): Promise<void> {
  if (stepChanged) {
    await tx.query(`DELETE FROM wf_task WHERE instance_id = $1`, [p.id]);
  } else {
    await tx.query(`DELETE FROM wf_task WHERE instance_id = $1 AND NOT (assignee_id = ANY($2::uuid[]))`, [p.id, p.assignees]);
  }
  if (p.assignees.length === 0) return;
  await tx.query(
    `INSERT INTO wf_task (instance_id, assignee_id, flow, state, version, assigned_at)
     SELECT $1, a, $2, $3, $4, now() FROM unnest($5::uuid[]) AS a
     ON CONFLICT (instance_id, assignee_id) DO UPDATE SET version = EXCLUDED.version`,
    [p.id, p.flow, p.state, p.version, p.assignees],
  );
}
