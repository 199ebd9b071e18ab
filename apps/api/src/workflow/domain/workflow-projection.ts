import type { AlsoWrite, GroupWrite } from '@schoolflow/event-store';
import type { Evolved, InstanceRow, TransitionedRow } from '../projections/instance-read-model.js';
import type { HeldRows } from './flow-hold.js';

/** A new instance's row (evolveInstance's) and the attachments its form links. */
export type CreatedProjection = InstanceRow & { attachments: string[] };

/**
 * Inline projection, written as data-modifying CTEs of the append statement (docs/adr/0005, 0006): the instance and
 * its review tasks commit with the events, so the applicant and the reviewer read their own action at once, and a
 * command costs one write. Every CTE writes only if the events went in (`EXISTS (SELECT 1 FROM ev)`).
 * Tasks: assignees who left are removed; the current ones are upserted — a new step restarts the clock (and the
 * reminder), the same step keeps it. The two touch disjoint rows, as CTEs of one statement must.
 */
export const WorkflowProjection = {
  created(p: CreatedProjection): AlsoWrite {
    return (param, cte) => {
      const id = param(p.id, 'uuid');
      return [
        `${cte('inst')} AS (
          INSERT INTO wf_instance (id, flow, version, state, review_status, extra_status, applicant_id, student_id, form, owners, participants, assignees, due_at, created_at, updated_at)
          SELECT ${id}, ${param(p.flow, 'text')}, ${param(p.version, 'int')}, ${param(p.state, 'text')}, ${param(p.review, 'text')}, ${param(p.extra, 'text')},
                 ${param(p.applicantId, 'uuid')}, ${param(p.studentId, 'uuid')}, ${param(JSON.stringify(p.form), 'jsonb')}, ${param(p.owners, 'uuid[]')},
                 ${param(p.participants, 'uuid[]')}, ${param(p.assignees, 'uuid[]')}, ${param(p.dueAt, 'timestamptz')}, now(), now()
          WHERE EXISTS (SELECT 1 FROM ${cte('ev')}) RETURNING id)`,
        // A new instance has no tasks yet: its assignees' are inserted, none removed or kept.
        `${cte('task')} AS (
          INSERT INTO wf_task (instance_id, assignee_id, flow, state, version, assigned_at)
          SELECT ${id}, a, ${param(p.flow, 'text')}, ${param(p.state, 'text')}, ${param(p.version, 'int')}, now()
            FROM unnest(${param(p.assignees, 'uuid[]')}) AS a WHERE EXISTS (SELECT 1 FROM ${cte('inst')}))`,
        // Only a start with attachments links any: PostgreSQL sets up every CTE of the statement at each execution.
        ...(p.attachments.length === 0
          ? []
          : [
              `${cte('files')} AS (
          INSERT INTO sys_file_link (res_id, ref_type, ref_id)
          SELECT r, 'workflow', ${id} FROM unnest(${param(p.attachments, 'uuid[]')}) AS r
          WHERE EXISTS (SELECT 1 FROM ${cte('inst')}) ON CONFLICT DO NOTHING)`,
            ]),
      ];
    };
  },

  /**
   * A flow's held rows (FlowHold; heldAtStart's), each table's in one CTE, written only with the instance: a row the
   * table's constraints refuse (a room booked meanwhile) refuses the whole start under the constraint's name.
   */
  held(rows: HeldRows): AlsoWrite {
    return (param, cte) =>
      Object.entries(rows).map(
        ([table, list]) => `${cte(`held_${table}`)} AS (
          INSERT INTO ${table} SELECT * FROM json_populate_recordset(NULL::${table}, ${param(JSON.stringify(list), 'json')})
          WHERE EXISTS (SELECT 1 FROM ${cte('inst')}))`,
      );
  },

  /**
   * A transition's row (evolveInstance's), written for every transition of a group together (GroupWrite,
   * docs/adr/0087): one UPDATE of the instances, one DELETE of the tasks whose assignee left, and the current ones
   * upserted — where the step moved, the clock (and the reminder) restarts; where it stayed, it keeps. `joined`, people
   * who may read the instance from now on (a step handed over, people copied; usually none), are added to the row's own
   * list rather than the list written whole, so a row whose participants were kept from before starts recorded them
   * (rebuild-projections) keeps them.
   */
  transitioned({ row: p, stepChanged, joined }: Evolved<TransitionedRow>): GroupWrite {
    return {
      key: 'transitioned',
      row: { id: p.id, flow: p.flow, version: p.version, state: p.state, review: p.review, extra: p.extra, assignees: p.assignees, due_at: p.dueAt, joined, changed: stepChanged },
      ctes: (rows, inserted, cte) => [
        `${cte('tp')} AS (
          SELECT t.* FROM jsonb_to_recordset(${rows}) AS t(stream_id text, id uuid, flow text, version int, state text, review text, extra text,
                                                        assignees uuid[], due_at timestamptz, joined uuid[], changed boolean)
           WHERE t.stream_id IN (SELECT stream_id FROM ${inserted}))`,
        // First appearance keeps its place (DISTINCT would reorder): the rebuild folds the same order from the events.
        `${cte('inst')} AS (
          UPDATE wf_instance w SET participants = CASE WHEN cardinality(t.joined) > 0
                   THEN ARRAY(SELECT x FROM unnest(w.participants || t.joined) WITH ORDINALITY AS j(x, n) GROUP BY x ORDER BY min(n))
                   ELSE w.participants END,
                 version = t.version, state = t.state, review_status = t.review, extra_status = t.extra, assignees = t.assignees,
                 due_at = t.due_at, updated_at = now()
            FROM ${cte('tp')} t WHERE w.id = t.id)`,
        `${cte('gone')} AS (
          DELETE FROM wf_task k USING ${cte('tp')} t WHERE k.instance_id = t.id AND NOT (k.assignee_id = ANY(t.assignees)))`,
        `${cte('moved')} AS (
          INSERT INTO wf_task (instance_id, assignee_id, flow, state, version, assigned_at)
          SELECT t.id, a, t.flow, t.state, t.version, now() FROM ${cte('tp')} t CROSS JOIN LATERAL unnest(t.assignees) AS a WHERE t.changed
          ON CONFLICT (instance_id, assignee_id) DO UPDATE SET state = EXCLUDED.state, version = EXCLUDED.version, assigned_at = now(), reminded_at = NULL)`,
        `${cte('kept')} AS (
          INSERT INTO wf_task (instance_id, assignee_id, flow, state, version, assigned_at)
          SELECT t.id, a, t.flow, t.state, t.version, now() FROM ${cte('tp')} t CROSS JOIN LATERAL unnest(t.assignees) AS a WHERE NOT t.changed
          ON CONFLICT (instance_id, assignee_id) DO UPDATE SET state = EXCLUDED.state, version = EXCLUDED.version)`,
      ],
    };
  },
};

