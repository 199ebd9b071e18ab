import { formatSchoolTime, parseSchoolTime, type WorkflowHistoryItem, type WorkflowInstanceView } from '@schoolflow/contracts';
import { LEAVE_COMMANDS, leaveDuration as sharedLeaveDuration, leaveFlow, type LeaveContext, type LeaveEvent, leaveMachine } from '@schoolflow/workflows';
import type { SnapshotFrom, StateValue } from 'xstate';

export type LeaveCommand = (typeof LEAVE_COMMANDS)[number];
export type LeaveSnapshot = SnapshotFrom<typeof leaveMachine>;

export function isLeaveCommand(type: string): type is LeaveCommand {
  return (LEAVE_COMMANDS as readonly string[]).includes(type);
}

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
export function leaveSnapshot(view: Pick<WorkflowInstanceView, 'state' | 'context'>): LeaveSnapshot {
  // The server sends the machine's own context (WorkflowInstanceView.context is documented as such).
  const context = view.context as unknown as LeaveContext;
  return leaveMachine.resolveState({ value: toStateValue(view.state), context });
}

/** Input a user gives with a command. `returnedAt` is the school-time text of the input ('YYYY-MM-DD HH:mm'). */
export interface CommandInput {
  comment?: string;
  returnedAt?: string;
}

function eventFor(type: LeaveCommand, actorId: string, input: CommandInput): LeaveEvent {
  const comment = input.comment?.trim() ? input.comment.trim() : undefined;
  switch (type) {
    case 'APPROVE':
      return { type, actorId, comment };
    case 'REJECT':
      return { type, actorId, comment };
    case 'WITHDRAW':
      return { type, actorId, comment };
    case 'CANCEL_LEAVE': {
      const at = input.returnedAt ? parseSchoolTime(input.returnedAt) : null;
      return { type, actorId, comment, returnedAt: at === null ? '' : new Date(at).toISOString() };
    }
  }
}

/** The smallest complete input of a command: what the server's `can` assumes too. */
function probeInput(type: LeaveCommand, ctx: LeaveContext): CommandInput {
  switch (type) {
    case 'REJECT':
      return { comment: 'probe' };
    case 'CANCEL_LEAVE':
      return { returnedAt: formatSchoolTime(Date.parse(ctx.start)) };
    case 'APPROVE':
    case 'WITHDRAW':
      return {};
  }
}

/**
 * Who I may be in this instance. PermissionInfo carries the account, not the user id the machine knows, so the
 * candidates are everyone the instance names; the server's `can` (computed for me) says which commands are mine,
 * and the machine then says, for those, which candidates could send them — those are "me".
 */
function candidates(view: WorkflowInstanceView): string[] {
  const ctx = view.context as unknown as LeaveContext; // the machine context (see leaveSnapshot)
  const route = ctx.route ?? { headTeacher: [], office: [], principal: [] };
  const ids = [ctx.applicantId, ctx.studentUserId, ...route.headTeacher, ...route.office, ...route.principal, ...view.assignees.map((a) => a.id)];
  return [...new Set(ids.filter((id): id is string => typeof id === 'string' && id !== ''))];
}

function identitiesFor(snapshot: LeaveSnapshot, view: WorkflowInstanceView, type: LeaveCommand): string[] {
  if (!view.can.includes(type)) return [];
  const probe = probeInput(type, snapshot.context);
  return candidates(view).filter((id) => snapshot.can(eventFor(type, id, probe)));
}

/** Commands to offer: granted by the server for me AND accepted by the shared machine in this state. */
export function offeredCommands(snapshot: LeaveSnapshot, view: WorkflowInstanceView): LeaveCommand[] {
  return LEAVE_COMMANDS.filter((type) => identitiesFor(snapshot, view, type).length > 0);
}

/**
 * Checks the user's input with the machine before sending. Answers null when the machine accepts it, else the
 * refusal reason key of the shared flow (`workflow.*`, e.g. workflow.rejectNeedsReason).
 */
export function refusalOf(snapshot: LeaveSnapshot, view: WorkflowInstanceView, type: LeaveCommand, input: CommandInput): string | null {
  const ids = identitiesFor(snapshot, view, type);
  if (ids.some((id) => snapshot.can(eventFor(type, id, input)))) return null;
  const refusal = leaveFlow.refusal(snapshot, eventFor(type, ids[0] ?? '', input));
  if (!refusal) return null;
  return refusal.kind === 'impossible' ? refusal.reason : 'workflow.notPossible';
}

/** Duration of the two school times, by the rule the server uses (shared from workflows/). */
export function leaveDuration(start: string, end: string): { hours: number; days: number } | null {
  const a = parseSchoolTime(start);
  const b = parseSchoolTime(end);
  if (a === null || b === null || b <= a) return null;
  return sharedLeaveDuration(a, b);
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
  /** A node that ends the flow off the main path (rejected, withdrawn) or after it (cancelled). */
  end: 'rejected' | 'withdrawn' | 'cancelled' | null;
  /** The history entry that completed (or skipped, or ended) this node. */
  by: WorkflowHistoryItem | null;
  /** The step whose reviewer rejected the application. */
  rejectedHere: boolean;
  /** A step the flow never reached because it ended early (rejected, withdrawn). */
  unreached: boolean;
}

/**
 * The diagram: the shared flow's steps (the principal's only when the leave is longer than the threshold or
 * the history passed through it), each done / current / to do / skipped, and the end it reached.
 */
export function flowNodes(view: WorkflowInstanceView): FlowNode[] {
  const ctx = view.context as unknown as LeaveContext; // the machine context (see leaveSnapshot)
  const history = view.history;
  const before = (i: number): string => topState(i === 0 ? 'new' : (history[i - 1]?.state ?? 'new'));
  const visited = new Set(['new', ...history.map((h) => topState(h.state))]);
  const skipped = new Set(history.flatMap((h, i) => (h.type === 'SKIP_STEP' ? [before(i)] : [])));
  /** The entry that left a step (its decision), or for `new` the submission. */
  const leaving = (state: string): WorkflowHistoryItem | null => {
    if (state === 'new') return history.find((h) => h.type === 'SUBMIT') ?? null;
    for (let i = history.length - 1; i >= 0; i--) if (before(i) === state && topState(history[i]?.state ?? '') !== state) return history[i] ?? null;
    return null;
  };

  const showPrincipal = Number(ctx.durationDays) > Number(ctx.thresholdDays) || visited.has('principalReview');
  const steps = leaveFlow.steps.filter((s) => s.state !== 'principalReview' || showPrincipal);
  const state = view.state;
  const ended = state === 'rejected' || state === 'withdrawn' ? state : null;
  const last = history.length - 1;
  const anchor = ended ? before(last) : topState(state);
  const at = steps.findIndex((s) => s.state === anchor);

  const nodes: FlowNode[] = steps.map((s, j) => {
    let mark: StepMark;
    if (skipped.has(s.state)) mark = 'skipped';
    else if (at < 0 || j < at) mark = visited.has(s.state) ? 'done' : 'todo';
    else if (j === at) mark = ended === 'withdrawn' ? 'todo' : ended || state === 'approved.cancelled' ? 'done' : 'current';
    else mark = 'todo';
    // The end step is "completed" by the decision that reached it; the others by the decision that left them.
    const by = s.state === 'approved' ? (history.find((h) => topState(h.state) === 'approved') ?? null) : mark === 'done' || mark === 'skipped' ? leaving(s.state) : null;
    const rejectedHere = ended === 'rejected' && j === at;
    return { state: s.state, labelKey: s.labelKey, mark, end: null, by, rejectedHere, unreached: ended !== null && mark === 'todo' };
  });
  // A rejection is drawn on the step that decided it; the end node only says where the flow stopped.
  if (ended) nodes.push({ state: ended, labelKey: `workflow.end.${ended}`, mark: 'current', end: ended, by: ended === 'withdrawn' ? (history[last] ?? null) : null, rejectedHere: false, unreached: false });
  if (state === 'approved.cancelled') {
    const by = [...history].reverse().find((h) => h.type === 'CANCEL_LEAVE') ?? null;
    nodes.push({ state, labelKey: 'workflow.end.cancelled', mark: 'current', end: 'cancelled', by, rejectedHere: false, unreached: false });
  }
  return nodes;
}
