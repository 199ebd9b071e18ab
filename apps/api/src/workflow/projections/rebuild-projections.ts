import { advance, FLOWS, type FlowDefinition, fold, type StoredFlowEvent } from '@schoolflow/workflows';
import type { EventRow as StoredEventRow } from '@schoolflow/event-store';
import type pg from 'pg';
import type { AnyMachineSnapshot } from 'xstate';
import { FLOW_HOLDS } from '../../applications/flow-holds.js';
import { EFFECT_REFUSED } from '../domain/effect-refusal.js';
import { type FlowHold, heldAtStart, type HeldRow, type HeldRows, plannedHoldOf } from '../domain/flow-hold.js';
import { type Evolved, evolveInstance, type InstanceRow, type StartReads, startReadsOf } from './instance-read-model.js';

/** An events row, its time as text: PostgreSQL's microseconds survive the round trip (a Date keeps milliseconds). */
type EventRow = Omit<StoredEventRow, 'recorded_at'> & { at: string };

/** A `wf_instance` row as the table has it. */
interface InstanceTableRow {
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
  /** Rows rebuilt in the flows' own tables (FlowHold: lesson_change, classroom_booking). */
  held: number;
  /** Instances whose start predates recorded holds: their rows in those tables were kept as they were. */
  keptHolds: number;
}

type OldInstance = { student_id: string | null; owners: string[]; participants: string[] };

/** The student a start names; a flow whose subject is no student stored '' before it could store null: NULL either way. */
const studentOfStart = (data: Record<string, unknown>): string | null => (typeof data.studentId === 'string' && data.studentId !== '' ? data.studentId : null);

/**
 * The instance and its tasks, evolved from its events alone with the live projection's own evolve (evolveInstance),
 * one committed transaction at a time: the times are the events' (the live projection writes `now()` in the append's
 * own transaction, which is theirs), a task assigned when the last transaction that changed the step committed. A start
 * recorded before starts recorded what they read keeps its student, owners and participants from the old read model.
 * `each` sees every event with the states before and after it (a flow's hold evolves by them).
 */
export function rebuildInstance(
  def: FlowDefinition,
  id: string,
  events: readonly EventRow[],
  old: OldInstance | undefined,
  each: (e: EventRow, before: AnyMachineSnapshot, after: AnyMachineSnapshot) => void = () => undefined,
): { instance: InstanceTableRow; assignedAt: string; kept: boolean } | null {
  const first = events[0];
  const last = events.at(-1);
  if (!first || !last) return null;
  const reads = startReadsOf(first.metadata.instance);
  const kept = reads === null;
  let snapshot = fold(def.machine, []);
  let assignedAt = first.at;
  let row: InstanceRow | null = null;
  for (let i = 0; i < events.length; ) {
    const tx = events[i]?.transaction_id;
    const group: EventRow[] = [];
    while (i < events.length && events[i]?.transaction_id === tx) group.push(events[i++] as EventRow);
    const before = snapshot;
    for (const e of group) {
      const was = snapshot;
      snapshot = advance(def.machine, snapshot, [{ type: e.type, data: e.data }]);
      each(e, was, snapshot);
    }
    const t = { events: group.map((e): StoredFlowEvent => ({ type: e.type, data: e.data })), before, after: snapshot };
    if (row === null) {
      const applicant = reads?.applicantId ?? String(first.data.actorId ?? '');
      const use: StartReads = reads ?? (old
        ? { studentId: old.student_id, owners: old.owners, participants: old.participants }
        : { studentId: studentOfStart(first.data), owners: [applicant], participants: [applicant, ...def.participants(snapshot.context)] });
      row = evolveInstance(def, null, { ...t, id, reads: use }).row;
    } else {
      const evolved: Evolved<InstanceRow> = evolveInstance(def, row, t);
      row = evolved.row;
      if (evolved.stepChanged) assignedAt = group[0]?.at ?? assignedAt;
    }
  }
  if (row === null) return null;
  return {
    kept,
    assignedAt,
    instance: {
      id,
      flow: row.flow,
      version: row.version,
      state: row.state,
      review_status: row.review,
      extra_status: row.extra,
      applicant_id: row.applicantId,
      student_id: row.studentId,
      form: row.form,
      owners: row.owners,
      // a start from before recorded reads: who could read it is the old read model's (the events cannot say)
      participants: kept && old ? old.participants : row.participants,
      assignees: row.assignees,
      due_at: row.dueAt,
      created_at: first.at,
      updated_at: last.at,
    },
  };
}

/**
 * A flow's held rows of one instance, evolved from its events: the start's recorded plan, then each event through the
 * flow's evolve — an event counting as applied once its effect ran (`wf_effect_applied`) and was not refused (no
 * EFFECT_REFUSED names its version): an effect still to run has changed nothing yet, and will. Null for a start
 * recorded before holds were.
 */
function heldOf(hold: FlowHold, id: string, first: EventRow): { rows: HeldRows; see: (e: EventRow, before: AnyMachineSnapshot, after: AnyMachineSnapshot, applied: boolean) => void } | null {
  const planned = plannedHoldOf(first.metadata);
  if (planned === null) return null;
  const state = { rows: heldAtStart(id, planned) };
  return {
    get rows() {
      return state.rows;
    },
    see: (e, before, after, applied) => {
      state.rows = hold.evolve(state.rows, { type: e.type, data: e.data, before, after, applied });
    },
  };
}

/**
 * npm run projections:rebuild — the workflow read models (wf_instance, wf_task) and what the flows hold in tables of
 * their own (FlowHold: lesson_change, classroom_booking) made again from the events, in one transaction: the tables
 * are locked against writers first (a command's append waits, then writes its projection over the rebuilt rows, as it
 * would have over the old; an effect waits, then settles the rebuilt hold), reads go on meanwhile. A task keeps when it
 * was last reminded (reminders are messages, not workflow events). Held rows of no stream (written by hand) are left.
 */
export async function rebuildProjections(
  client: pg.ClientBase,
  flows: Readonly<Record<string, FlowDefinition>> = FLOWS,
  holds: Readonly<Record<string, FlowHold>> = FLOW_HOLDS,
): Promise<RebuildReport> {
  const names = Object.keys(flows);
  const heldTables = [...new Set(names.flatMap((f) => holds[f]?.tables ?? []))];
  await client.query('BEGIN');
  try {
    await client.query('LOCK TABLE wf_instance, wf_task IN SHARE ROW EXCLUSIVE MODE');
    // EXCLUSIVE: an effect's `FOR UPDATE` read of a hold waits too, so none settles a row the rebuild is replacing
    if (heldTables.length > 0) await client.query(`LOCK TABLE ${heldTables.join(', ')} IN EXCLUSIVE MODE`);
    const events = (
      await client.query<EventRow>(
        `SELECT position::text AS position, stream_id, stream_type, version, type, data, metadata, transaction_id::text AS transaction_id, recorded_at::text AS at
           FROM events WHERE stream_type = ANY($1::text[]) ORDER BY stream_id, version`,
        [names],
      )
    ).rows;
    const old = new Map(
      (await client.query<OldInstance & { id: string }>(`SELECT id, student_id, owners, participants FROM wf_instance WHERE flow = ANY($1::text[])`, [names])).rows.map((r) => [r.id, r]),
    );
    const reminded = new Map(
      (await client.query<{ key: string; at: string }>(`SELECT instance_id || ':' || assignee_id AS key, reminded_at::text AS at FROM wf_task WHERE reminded_at IS NOT NULL AND flow = ANY($1::text[])`, [names])).rows.map((r) => [r.key, r.at]),
    );
    const holding = Object.keys(holds).filter((f) => names.includes(f));
    const applied = new Set(
      holding.length === 0
        ? []
        : (await client.query<{ position: string }>(`SELECT a.position::text AS position FROM wf_effect_applied a JOIN events e ON e.position = a.position WHERE e.stream_type = ANY($1::text[])`, [holding])).rows.map((r) => r.position),
    );

    const instances: InstanceTableRow[] = [];
    const tasks: TaskRow[] = [];
    const held = new Map<string, HeldRow[]>(heldTables.map((t) => [t, []]));
    const heldInstances: string[] = [];
    let keptOwners = 0;
    let keptHolds = 0;
    for (let i = 0; i < events.length; ) {
      const streamId = events[i]?.stream_id as string;
      const flow = events[i]?.stream_type as string;
      const stream: EventRow[] = [];
      while (i < events.length && events[i]?.stream_id === streamId) stream.push(events[i++] as EventRow);
      const def = flows[flow];
      const id = streamId.slice(flow.length + 1);
      if (!def || !streamId.startsWith(`${flow}-`) || !stream[0]) continue;
      const hold = holds[flow];
      const refused = new Set(stream.filter((e) => e.type === EFFECT_REFUSED && typeof e.data.refusedVersion === 'number').map((e) => e.data.refusedVersion as number));
      const rows = hold ? heldOf(hold, id, stream[0]) : null;
      if (hold && !rows) keptHolds++;
      const evolved = rebuildInstance(def, id, stream, old.get(id), (e, before, after) => rows?.see(e, before, after, applied.has(e.position) && !refused.has(e.version)));
      if (!evolved) continue;
      if (evolved.kept) keptOwners++;
      instances.push(evolved.instance);
      for (const a of evolved.instance.assignees) {
        tasks.push({ instance_id: id, assignee_id: a, flow, state: evolved.instance.state, version: evolved.instance.version, assigned_at: evolved.assignedAt, reminded_at: reminded.get(`${id}:${a}`) ?? null });
      }
      if (rows) {
        heldInstances.push(id);
        for (const [table, list] of Object.entries(rows.rows)) held.get(table)?.push(...list);
      }
    }

    await client.query(`DELETE FROM wf_instance WHERE flow = ANY($1::text[])`, [names]); // tasks go with them (cascade)
    await client.query(`INSERT INTO wf_instance SELECT * FROM json_populate_recordset(NULL::wf_instance, $1::json)`, [JSON.stringify(instances)]);
    await client.query(`INSERT INTO wf_task SELECT * FROM json_populate_recordset(NULL::wf_task, $1::json)`, [JSON.stringify(tasks)]);
    let heldCount = 0;
    for (const [table, list] of held) {
      await client.query(`DELETE FROM ${table} WHERE instance_id = ANY($1::uuid[])`, [heldInstances]);
      await client.query(`INSERT INTO ${table} SELECT * FROM json_populate_recordset(NULL::${table}, $1::json)`, [JSON.stringify(list)]);
      heldCount += list.length;
    }
    await client.query('COMMIT');
    return { instances: instances.length, tasks: tasks.length, keptOwners, held: heldCount, keptHolds };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}
