import { advance, dueAtOf, FLOWS, type FlowDefinition, fold } from '@schoolflow/workflows';
import type { EventRow as StoredEventRow } from '@schoolflow/event-store';
import type pg from 'pg';

/** An events row, its time as text: PostgreSQL's microseconds survive the round trip (a Date keeps milliseconds). */
type EventRow = Omit<StoredEventRow, 'position' | 'recorded_at'> & { at: string };

/** What a start read from the database, recorded in its metadata (WorkflowEngine.start). */
interface StartReads {
  studentId: string | null;
  owners: string[];
  participants: string[];
  /** The applicant the start named when it was not its actor (a sheet the engine opened for its teacher). */
  applicantId?: string;
}

interface InstanceRow {
  id: string;
  flow: string;
  version: number;
  state: string;
  review_status: string;
  extra_status: string | null;
  applicant_id: string;
  student_id: string | null;
  form: Record<string, unknown>;
  owners: string[];
  participants: string[];
  assignees: string[];
  /** When the flow's timer fires next. */
  due_at: string | null;
  created_at: string;
  updated_at: string;
}

interface TaskRow {
  instance_id: string;
  assignee_id: string;
  flow: string;
  state: string;
  version: number;
  assigned_at: string;
  reminded_at: string | null;
}

export interface RebuildReport {
  instances: number;
  tasks: number;
  /** Instances whose start predates recorded start reads: their owners were kept from the old read model. */
  keptOwners: number;
}

function startReads(value: unknown): StartReads | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Partial<StartReads>;
  return Array.isArray(v.owners) && Array.isArray(v.participants)
    ? { studentId: v.studentId ?? null, owners: v.owners, participants: v.participants, ...(typeof v.applicantId === 'string' ? { applicantId: v.applicantId } : {}) }
    : null;
}

/**
 * The instance and its tasks, evolved from its events alone: the state, status and assignees folded through the
 * flow's machine, the form by its declaration, the applicant and what the start read from its first event, the
 * times from the events' (the live projection writes `now()` in the append's own transaction, which is theirs), a
 * task assigned when the last transaction that changed the state committed.
 */
export function evolveInstance(def: FlowDefinition, id: string, events: readonly EventRow[], old: { student_id: string | null; owners: string[]; participants: string[] } | undefined): { instance: InstanceRow; assignedAt: string; kept: boolean } | null {
  const first = events[0];
  const last = events.at(-1);
  if (!first || !last) return null;
  const reads = startReads(first.metadata.instance);
  const applicant = reads?.applicantId ?? String(first.data.actorId ?? '');
  const kept = reads === null;
  let snapshot = fold(def.machine, []);
  let assignedAt = first.at;
  // Who may read it grows command by command, in the order the live projection appends them (a step handed over
  // twice keeps the one it passed through, whom the final context no longer names).
  let participants: string[] = [];
  for (let i = 0; i < events.length; ) {
    const tx = events[i]?.transaction_id;
    const before = def.stateOf(snapshot);
    const group: EventRow[] = [];
    while (i < events.length && events[i]?.transaction_id === tx) group.push(events[i++] as EventRow);
    snapshot = advance(def.machine, snapshot, group.map((e) => ({ type: e.type, data: e.data })));
    if (group[0] === first) participants = reads?.participants ?? old?.participants ?? [applicant, ...def.participants(snapshot.context)];
    else if (!kept || !old) participants = [...new Set([...participants, ...def.participants(snapshot.context)])];
    if (group[0] === first || before !== def.stateOf(snapshot)) assignedAt = group[0]?.at ?? assignedAt;
  }
  const use: StartReads = reads ?? (old
    ? { studentId: old.student_id, owners: old.owners, participants: old.participants }
    : { studentId: typeof first.data.studentId === 'string' ? first.data.studentId : null, owners: [applicant], participants });
  const status = def.status(snapshot);
  return {
    kept,
    assignedAt,
    instance: {
      id,
      flow: def.flow,
      version: events.length,
      state: def.stateOf(snapshot),
      review_status: status.review,
      extra_status: status.extra ?? null,
      applicant_id: applicant,
      student_id: use.studentId,
      form: def.formView(first.data),
      owners: use.owners,
      participants: kept && old ? old.participants : participants,
      assignees: def.assignees(snapshot),
      due_at: dueAtOf(def, snapshot),
      created_at: first.at,
      updated_at: last.at,
    },
  };
}

/**
 * npm run projections:rebuild — the workflow read models (wf_instance, wf_task) made again from the events, in one
 * transaction: the tables are locked against writers first (a command's append waits, then writes its projection
 * over the rebuilt rows, as it would have over the old), reads go on meanwhile. A task keeps when it was last
 * reminded (reminders are messages, not workflow events).
 */
export async function rebuildProjections(client: pg.ClientBase, flows: Readonly<Record<string, FlowDefinition>> = FLOWS): Promise<RebuildReport> {
  const names = Object.keys(flows);
  await client.query('BEGIN');
  try {
    await client.query('LOCK TABLE wf_instance, wf_task IN SHARE ROW EXCLUSIVE MODE');
    const events = (
      await client.query<EventRow>(
        `SELECT stream_id, stream_type, version, type, data, metadata, transaction_id::text AS transaction_id, recorded_at::text AS at
           FROM events WHERE stream_type = ANY($1::text[]) ORDER BY stream_id, version`,
        [names],
      )
    ).rows;
    const old = new Map(
      (await client.query<{ id: string; student_id: string | null; owners: string[]; participants: string[] }>(`SELECT id, student_id, owners, participants FROM wf_instance WHERE flow = ANY($1::text[])`, [names])).rows.map((r) => [r.id, r]),
    );
    const reminded = new Map(
      (await client.query<{ key: string; at: string }>(`SELECT instance_id || ':' || assignee_id AS key, reminded_at::text AS at FROM wf_task WHERE reminded_at IS NOT NULL AND flow = ANY($1::text[])`, [names])).rows.map((r) => [r.key, r.at]),
    );

    const instances: InstanceRow[] = [];
    const tasks: TaskRow[] = [];
    let keptOwners = 0;
    for (let i = 0; i < events.length; ) {
      const streamId = events[i]?.stream_id as string;
      const flow = events[i]?.stream_type as string;
      const stream: EventRow[] = [];
      while (i < events.length && events[i]?.stream_id === streamId) stream.push(events[i++] as EventRow);
      const def = flows[flow];
      const id = streamId.slice(flow.length + 1);
      if (!def || !streamId.startsWith(`${flow}-`)) continue;
      const evolved = evolveInstance(def, id, stream, old.get(id));
      if (!evolved) continue;
      if (evolved.kept) keptOwners++;
      instances.push(evolved.instance);
      for (const a of evolved.instance.assignees) {
        tasks.push({ instance_id: id, assignee_id: a, flow, state: evolved.instance.state, version: evolved.instance.version, assigned_at: evolved.assignedAt, reminded_at: reminded.get(`${id}:${a}`) ?? null });
      }
    }

    await client.query(`DELETE FROM wf_instance WHERE flow = ANY($1::text[])`, [names]); // tasks go with them (cascade)
    await client.query(`INSERT INTO wf_instance SELECT * FROM json_populate_recordset(NULL::wf_instance, $1::json)`, [JSON.stringify(instances)]);
    await client.query(`INSERT INTO wf_task SELECT * FROM json_populate_recordset(NULL::wf_task, $1::json)`, [JSON.stringify(tasks)]);
    await client.query('COMMIT');
    return { instances: instances.length, tasks: tasks.length, keptOwners };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}
