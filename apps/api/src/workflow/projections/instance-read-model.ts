import { dueAtOf, type FlowDefinition, type StoredFlowEvent } from '@schoolflow/workflows';
import type { AnyMachineSnapshot } from 'xstate';

/**
 * The read model of one instance (`wf_instance`; its `wf_task` rows are its `assignees`), as its events decide it — the
 * times apart, which are the committing transaction's (the live projection writes `now()`, the rebuild the events'
 * `recorded_at`). One evolve for both writers (docs/adr/0031): the live projection's statement parameters
 * (WorkflowProjection) and the rebuild's rows (rebuild-projections.ts) are this function's answer, so the read model
 * cannot be written two ways.
 */
export interface InstanceRow {
  id: string;
  flow: string;
  version: number;
  state: string;
  review: string;
  extra: string | null;
  assignees: string[];
  /** When the flow's timer fires next (ISO), or null. */
  dueAt: string | null;
  applicantId: string;
  studentId: string | null;
  form: Record<string, unknown>;
  owners: string[];
  participants: string[];
}

/** What a transition needs of the row before it: which instance, its version, who may read it so far. */
export type InstanceHead = Pick<InstanceRow, 'id' | 'flow' | 'version' | 'participants'>;

/** The columns every transaction sets (the rest are the start's). */
export type TransitionedRow = Pick<InstanceRow, 'id' | 'flow' | 'version' | 'state' | 'review' | 'extra' | 'assignees' | 'dueAt' | 'participants'>;

/**
 * What a start read from the database beside its events' own data, recorded in their metadata (`instance`) so that the
 * read model can be evolved from the events alone.
 */
export interface StartReads {
  studentId: string | null;
  owners: string[];
  participants: string[];
  /** The applicant the start named when it was not its actor (a sheet the engine opened for its teacher). */
  applicantId?: string;
}

/** One committed transaction of an instance's stream: its events and the machine's state before and after them. */
export interface InstanceTransaction {
  events: readonly StoredFlowEvent[];
  before: AnyMachineSnapshot;
  after: AnyMachineSnapshot;
}

export interface Evolved<R> {
  row: R;
  /** The current step changed (a task of it restarts its clock and its reminder). */
  stepChanged: boolean;
  /** People the instance names now who could not read it before (a step handed over, people copied), in order. */
  joined: string[];
}

/** The start's metadata (`instance`), or null for a start recorded before starts recorded what they read. */
export function startReadsOf(value: unknown): StartReads | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Partial<StartReads>;
  return Array.isArray(v.owners) && Array.isArray(v.participants)
    ? { studentId: v.studentId ?? null, owners: v.owners, participants: v.participants, ...(typeof v.applicantId === 'string' ? { applicantId: v.applicantId } : {}) }
    : null;
}

/** The columns the machine's state decides. */
function decided(def: FlowDefinition, snapshot: AnyMachineSnapshot): Pick<InstanceRow, 'state' | 'review' | 'extra' | 'assignees' | 'dueAt'> {
  const status = def.status(snapshot);
  return { state: def.stateOf(snapshot), review: status.review, extra: status.extra ?? null, assignees: def.assignees(snapshot), dueAt: dueAtOf(def, snapshot) };
}

/**
 * The instance's row after one committed transaction. The first (`prev` null) is the start: `id` and what it read
 * (`reads`) make the row; its applicant is the one the start named, else the start event's actor, its form the
 * declaration's view of the start's data. A later one moves the version by its events, sets what the machine's state
 * decides, and lets whoever the context names now read it too (first appearance keeps its place).
 */
export function evolveInstance(def: FlowDefinition, prev: null, t: InstanceTransaction & { id: string; reads: StartReads }): Evolved<InstanceRow>;
export function evolveInstance<H extends InstanceHead>(def: FlowDefinition, prev: H, t: InstanceTransaction): Evolved<H & TransitionedRow>;
export function evolveInstance(def: FlowDefinition, prev: InstanceHead | null, t: InstanceTransaction & { id?: string; reads?: StartReads }): Evolved<InstanceRow | TransitionedRow> {
  if (prev === null) {
    const start = t.events[0];
    if (!start || t.id === undefined || t.reads === undefined) throw new Error('an instance starts with its start event, its id and what the start read');
    const row: InstanceRow = {
      id: t.id,
      flow: def.flow,
      version: t.events.length,
      ...decided(def, t.after),
      applicantId: t.reads.applicantId ?? String(start.data.actorId ?? ''),
      studentId: t.reads.studentId,
      form: def.formView(start.data),
      owners: [...new Set(t.reads.owners)],
      participants: t.reads.participants,
    };
    return { row, stepChanged: true, joined: [] };
  }
  const joined = [...new Set(def.participants(t.after.context))].filter((p) => !prev.participants.includes(p));
  return {
    row: { ...prev, version: prev.version + t.events.length, ...decided(def, t.after), participants: joined.length > 0 ? [...prev.participants, ...joined] : prev.participants },
    stepChanged: def.stateOf(t.after) !== def.stateOf(t.before),
    joined,
  };
}
