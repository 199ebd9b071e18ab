import { createHash } from 'node:crypto';
import type { AnyMachineSnapshot } from 'xstate';

/**
 * What a flow holds in tables of its own beside the instance (a classroom loan's booking; a make-up's or a swap's
 * lessons and rooms: docs/adr/0031). A row is the table's columns by name — `id` (a uuid), `instance_id` and `status`
 * ('pending', 'passed') are the hold's own; the rest are the flow's. The start's rows are planned by the flow
 * (StartPlan.hold), written in the start's statement (so the table's constraints decide between two starts) and
 * recorded in its metadata (`hold`); every later change is the flow's `evolve`, a pure function the effects apply to the
 * database and the rebuild to the rows — so a hold is rebuilt from the events as the read model is.
 */
export type HeldValue = string | number | boolean | null;
export type HeldRow = Readonly<Record<string, HeldValue>>;
/** Rows by table. */
export type HeldRows = Readonly<Record<string, readonly HeldRow[]>>;

/** A committed event as a hold's evolve sees it. */
export interface HeldEvent {
  type: string;
  data: Record<string, unknown>;
  before: AnyMachineSnapshot;
  after: AnyMachineSnapshot;
  /**
   * Its effect ran and was not refused (the effects subscription recorded it, no EFFECT_REFUSED names it): what the
   * effect changed is in the tables. An effect not run yet has changed nothing yet.
   */
  applied: boolean;
}

export interface FlowHold {
  /** The tables a hold has rows in, in the order they are written. */
  tables: readonly string[];
  /** The rows after one event (pure): the effects write this, the rebuild folds it. */
  evolve(rows: HeldRows, event: HeldEvent): HeldRows;
}

const TABLE = /^[a-z_]+$/;

/** A held row's id: of its instance, table and place in the start's plan, so the rebuild makes the very same row. */
export function heldRowId(instanceId: string, table: string, index: number): string {
  const h = createHash('sha256').update(`${instanceId}\u0000${table}\u0000${index}`).digest('hex');
  const variant = ((parseInt(h.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The rows a start holds: its plan's (as its metadata records them), each with its id, its instance and `pending`. */
export function heldAtStart(instanceId: string, planned: HeldRows): HeldRows {
  return Object.fromEntries(
    Object.entries(planned).map(([table, rows]) => {
      if (!TABLE.test(table)) throw new Error(`not a table name: ${table}`);
      return [table, rows.map((r, i) => ({ ...r, id: heldRowId(instanceId, table, i), instance_id: instanceId, status: 'pending' }))];
    }),
  );
}

/** The start's planned hold recorded in its metadata, or null for a start recorded before holds were. */
export function plannedHoldOf(metadata: Record<string, unknown>): HeldRows | null {
  const hold = metadata.hold;
  if (!hold || typeof hold !== 'object') return null;
  return Object.values(hold).every(Array.isArray) ? (hold as HeldRows) : null;
}
