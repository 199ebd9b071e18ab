import { DEFAULT_SCHOOL_TZ, formatSchoolTime, type WorkflowHistoryItem, type WorkflowInstanceView } from '@schoolflow/contracts';
import { type ActorEvent, type FlowDefinition, metaOf, stateMeta } from '@schoolflow/workflows';
import type { AnyMachineSnapshot, StateValue } from 'xstate';

/**
 * An instance in the browser, for any flow: its snapshot restored with the flow's own machine, the commands to
 * offer, the input checked before sending, and the diagram — all read from the flow's declaration (workflows/kit),
 * the same one the server decides with.
 */

/** 'approved.notCancelled' → { approved: 'notCancelled' } (the machine's state value). */
export function toStateValue(state: string): StateValue {
  const [head = '', ...rest] = state.split('.');
  return rest.length === 0 ? head : { [head]: toStateValue(rest.join('.')) };
}

/** The top-level state ('approved.cancelled' → 'approved'). */
export function topState(state: string): string {
  return state.split('.')[0] ?? state;
}

/** Rebuilds the instance's snapshot with the shared machine from the state and context the server sent. */
export function snapshotOf(def: FlowDefinition, view: Pick<WorkflowInstanceView, 'state' | 'context'>): AnyMachineSnapshot {
  // The server sends the machine's own context (WorkflowInstanceView.context is documented as such).
  return def.machine.resolveState({ value: toStateValue(view.state), context: view.context });
}

/** Input a user gives with a command: a comment, and the command's own fields as the user typed them. */
export interface CommandInput {
  comment?: string;
  /** School time text 'YYYY-MM-DD HH:mm' (leave's return). */
  returnedAt?: string;
  /** TRANSFER: the user the step is handed to. */
  toUserId?: string;
  /** CC: the people copied. */
  userIds?: string[];
}

/** The event the input makes, as the server will make it (the declaration's `data`), or the input's own refusal. */
function eventFor(def: FlowDefinition, type: string, actorId: string, input: CommandInput): { event: ActorEvent & Record<string, unknown> } | { invalid: string } {
  // School times are the school's zone, whatever the browser's is.
  const made = def.commandData(type, input as Record<string, unknown>, DEFAULT_SCHOOL_TZ);
  if ('invalid' in made) return made;
  const comment = input.comment?.trim() ? input.comment.trim() : undefined;
  return { event: { ...made.data, type, actorId, ...(comment ? { comment } : {}) } };
}

/**
 * Who I may be in this instance. PermissionInfo carries the account, not the user id the machine knows, so the
 * candidates are everyone the instance names; the server's `can` (computed for me) says which commands are mine,
 * and the machine then says, for those, which candidates could send them — those are "me".
 */
function candidates(def: FlowDefinition, view: WorkflowInstanceView): string[] {
  return [...new Set([...def.participants(view.context), ...view.assignees.map((a) => a.id)])];
}

function identitiesFor(def: FlowDefinition, snapshot: AnyMachineSnapshot, view: WorkflowInstanceView, type: string): string[] {
  if (!view.can.includes(type) && !(view.more ?? []).includes(type)) return [];
  return candidates(def, view).filter((id) => snapshot.can(def.probe(type, id, snapshot) as never));
}

/** Commands to offer (decisions and `secondary` ones): granted by the server for me AND accepted by the shared machine in this state. */
export function offeredCommands(def: FlowDefinition, snapshot: AnyMachineSnapshot, view: WorkflowInstanceView): string[] {
  return def.commandTypes.filter((type) => identitiesFor(def, snapshot, view, type).length > 0);
}

/** What a user gives with a command (CommandInput's fields); the rest of a command's data the server adds. */
const INPUT_FIELDS: ReadonlySet<string> = new Set(['comment', 'returnedAt', 'toUserId', 'userIds']);

/**
 * The data the server adds to a command as it sends it (the time of an urge, how many rows of a grade sheet are empty —
 * `FlowPlugin.commandFacts`), which the browser cannot know: taken from the command's probe, so the check here judges
 * only what the user gave and the server has the last word on the rest.
 */
function serverFacts(def: FlowDefinition, type: string, snapshot: AnyMachineSnapshot): Record<string, unknown> {
  const probe = def.probe(type, '', snapshot);
  return Object.fromEntries(Object.entries(probe).filter(([k]) => k !== 'type' && k !== 'actorId' && !INPUT_FIELDS.has(k)));
}

/**
 * Checks the user's input with the machine before sending. Answers null when the machine accepts it, else the
 * refusal reason key of the shared flow (`workflow.*`, e.g. workflow.rejectNeedsReason).
 */
export function refusalOf(def: FlowDefinition, snapshot: AnyMachineSnapshot, view: WorkflowInstanceView, type: string, input: CommandInput): string | null {
  const ids = identitiesFor(def, snapshot, view, type);
  const made = eventFor(def, type, ids[0] ?? '', input);
  if ('invalid' in made) return made.invalid;
  const event = { ...serverFacts(def, type, snapshot), ...made.event };
  if (ids.some((id) => snapshot.can({ ...event, actorId: id } as never))) return null;
  const refusal = def.refusal(snapshot, event);
  if (!refusal) return null;
  return refusal.kind === 'forbidden' ? 'workflow.notPossible' : refusal.reason;
}

/** `<input type="datetime-local">` value ⇄ school time text. */
export const localInput = {
  toSchool: (value: string): string => value.replace('T', ' ').slice(0, 16),
  fromIso: (iso: string): string => {
    const t = Date.parse(iso);
    return Number.isNaN(t) ? '' : formatSchoolTime(t).replace(' ', 'T');
  },
};

/** An ISO instant shown as school time 'YYYY-MM-DD HH:mm'. */
export function schoolTime(iso: unknown): string {
  if (typeof iso !== 'string' || iso === '') return '';
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso : formatSchoolTime(t);
}

// ---------- the flow diagram ----------

export type StepMark = 'done' | 'current' | 'todo' | 'skipped';

export interface FlowNode {
  /** Machine state (the data-testid suffix). */
  state: string;
  /** web i18n key of the label. */
  labelKey: string;
  mark: StepMark;
  /** A node that ends the flow off the main path (rejected, withdrawn) or after it (leave's cancelled). */
  end: string | null;
  /** The history entry that completed (or skipped, or ended) this node. */
  by: WorkflowHistoryItem | null;
  /** The step whose reviewer rejected the application. */
  rejectedHere: boolean;
  /** A step the flow never reached because it ended early (rejected, withdrawn). */
  unreached: boolean;
}

/**
 * The diagram: the declaration's steps (a conditional one only when its `shown` says so or the history passed
 * through it), each done / current / to do / skipped, and the end it reached: a rejection or a withdrawal off the
 * main path, or a state after the last step that names an `end` in its meta (leave's return).
 */
export function flowNodes(def: FlowDefinition, view: WorkflowInstanceView): FlowNode[] {
  const history = view.history;
  const before = (i: number): string => topState(i === 0 ? 'new' : (history[i - 1]?.state ?? 'new'));
  const visited = new Set(['new', ...history.map((h) => topState(h.state))]);
  const skipped = new Set(history.flatMap((h, i) => (h.type === 'SKIP_STEP' ? [before(i)] : [])));
  /** The entry that left a step (its decision), or for the first step the submission. */
  const leaving = (state: string): WorkflowHistoryItem | null => {
    // the first step is left by the start (a draft, where the start lands, is left by its submission: the loop finds it)
    if (state === def.steps[0]?.state && !def.draft) return history.find((h) => h.type === def.startEvent) ?? null;
    for (let i = history.length - 1; i >= 0; i--) if (before(i) === state && topState(history[i]?.state ?? '') !== state) return history[i] ?? null;
    return null;
  };

  const steps = def.steps.filter((s) => !s.shown || s.shown(view.context) || visited.has(s.state));
  const last = steps.at(-1)?.state;
  const state = view.state;
  const metas = metaOf(def.machine, toStateValue(state));
  const review = metas.find((m) => m.review)?.review;
  // an expired request (the engine's timer: nobody decided in time) ends where it waited, undecided
  const expired = metas.some((m) => m.extra === 'expired');
  const ended = expired ? 'expired' : review === 'rejected' || review === 'withdrawn' ? review : null;
  const after = stateMeta(def.machine, state).end ?? null;
  const lastIndex = history.length - 1;
  const anchor = ended ? before(lastIndex) : topState(state);
  const at = steps.findIndex((s) => s.state === anchor);

  const nodes: FlowNode[] = steps.map((s, j) => {
    let mark: StepMark;
    if (skipped.has(s.state)) mark = 'skipped';
    else if (at < 0 || j < at) mark = visited.has(s.state) ? 'done' : 'todo';
    else if (j === at) mark = ended === 'withdrawn' || ended === 'expired' ? 'todo' : ended || after ? 'done' : 'current';
    else mark = 'todo';
    // The last step is "completed" by the decision that reached it; the others by the decision that left them.
    const by = s.state === last ? (history.find((h) => topState(h.state) === last) ?? null) : mark === 'done' || mark === 'skipped' ? leaving(s.state) : null;
    const rejectedHere = ended === 'rejected' && j === at;
    return { state: s.state, labelKey: s.labelKey, mark, end: null, by, rejectedHere, unreached: ended !== null && mark === 'todo' };
  });
  // A rejection is drawn on the step that decided it; the end node only says where the flow stopped.
  if (ended) nodes.push({ state: ended, labelKey: `workflow.end.${ended}`, mark: 'current', end: ended, by: ended === 'withdrawn' || ended === 'expired' ? (history[lastIndex] ?? null) : null, rejectedHere: false, unreached: false });
  if (after) {
    const by = [...history].reverse().find((h) => h.state === state) ?? null;
    nodes.push({ state, labelKey: `workflow.end.${after}`, mark: 'current', end: after, by, rejectedHere: false, unreached: false });
  }
  return nodes;
}
