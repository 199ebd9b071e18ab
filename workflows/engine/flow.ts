import { type AnyActorScope, type AnyStateMachine, createActor, initialTransition, type SnapshotFrom } from 'xstate';
import type { ZodType } from 'zod';
import { flowSlug } from '@schoolflow/contracts';

/** A stored workflow event: its type and data as appended to the stream. */
export interface StoredFlowEvent {
  type: string;
  data: Record<string, unknown>;
}

/** Every event of every flow names who caused it; `system` for automatic steps. */
export interface ActorEvent {
  type: string;
  actorId: string;
  comment?: string;
}

/** Review status labels shared by every approval flow (docs/product/workflows.md#review-status). */
export type ReviewStatus = 'unreviewed' | 'pending' | 'passed' | 'rejected' | 'withdrawn';

/** A step of the diagram: a machine state and its label (a `web` i18n key, from the state's `meta.label`). */
export interface DiagramStep {
  state: string;
  labelKey: string;
  /** Drawn only when this says so (or the history passed through it); always when absent. */
  shown?: (context: unknown) => boolean;
}
/**
 * Why the engine refuses an event: not this actor's to do (403), not possible now (422, with a message key), or
 * possible again later (429: an urge within the hour).
 */
export type Refusal = { kind: 'forbidden' } | { kind: 'impossible'; reason: string } | { kind: 'tooSoon'; reason: string };

/**
 * How a command is offered (the browser's one action modal reads it): the button's icon and tone, whether its
 * comment is a required reason, and an input of its own the modal shows (leave's return time).
 */
export interface CommandUi {
  icon: 'check' | 'close' | 'undo' | 'home' | 'bell' | 'share' | 'copy';
  tone: 'primary' | 'negative' | 'basic';
  reason?: 'required';
  /**
   * leave's return time; the user a step is handed to; the people copied; the user a command names as the next to act
   * (a repair's worker: one of the holders of the command's `pickRoles` role).
   */
  input?: 'returnedAt' | 'transferTo' | 'ccUsers' | 'assignTo';
  /**
   * Beside the decisions rather than one of them (转办, 抄送): offered under "more", not in an instance's `can` (the
   * decisions a reviewer's queue row offers) but in its `more`.
   */
  secondary?: true;
}

/**
 * A field of a flow's form, as the browser's one form and one detail page show it. Its label is the `web` key
 * `flow.{flow}.field.{name}`, a select's option labels `flow.{flow}.option.{name}.{value}`.
 * `child`: the student the request is for — a parent chooses one of their children, a student applies for themself.
 */
export interface FormField {
  name: string;
  /** `multiselect`: several of the choices (a make-up class's periods), sent as a list of their values. */
  kind: 'text' | 'textarea' | 'datetime' | 'date' | 'select' | 'multiselect' | 'pictures' | 'child';
  options?: readonly string[];
  /** A select whose choices the server gives (`GET /api/workflows/{flow}/options/{name}`): a classroom, a class. */
  source?: true;
  /** Longest text (characters), shown as a counter. */
  max?: number;
  optional?: boolean;
}

/** A flow's form: the schema the server validates with and the browser's form resolves with, and its fields. */
export interface FlowForm {
  schema: ZodType<Record<string, unknown>>;
  fields: readonly FormField[];
}

/**
 * Who may start the flow (role codes): on its first start the server grants them `workflow:{flow}:apply` and puts the
 * flow's form under 业务申请 in their menus (icon, sort); an administrator may change the grants afterwards.
 */
export interface FlowApply {
  roles: readonly string[];
  /** The refusal of anyone else (a `workflow.*` key; default `workflow.mayNotApply`). */
  refusal?: string;
  icon: string;
  sort: number;
  /**
   * Only the engine starts it (grade confirmation: when a batch's entry begins): no form in 业务申请, no permission to
   * start it, and a user's start is refused.
   */
  bySystem?: true;
  /**
   * The flow's own page starts it (semester upgrade, under 学期和学年管理): the roles get the permission to start it, but
   * no form under 业务申请 — the page's menu is registered with the page.
   */
  ownPage?: string;
}

/** The permission that lets a user start a flow. */
export function applyPermissionOf(flow: string): string {
  return `workflow:${flowSlug(flow)}:apply`;
}

/** A command's event data made from a user's input, or the key of why the input is not valid. */
export type CommandData = { data: Record<string, unknown> } | { invalid: string };

/**
 * A flow, as the server, the browser and the tests read it — made by `defineFlow` from one declaration (the
 * machine with its states' meta and its guards' refusals, the commands, the diagram). Everything here is pure.
 */
export interface FlowDefinition<M extends AnyStateMachine = AnyStateMachine> {
  flow: string;
  machine: M;
  /** The event that starts an instance (stored first). */
  startEvent: string;
  /** The start saves a draft that its applicant sends to review later (SUBMIT). */
  draft: boolean;
  /** Event types a user may send through the API. */
  commandTypes: readonly string[];
  /** Steps drawn in order (main path), for the diagram. */
  steps: readonly DiagramStep[];
  /** The step whose reviewers act now (the active state's `meta.step`), or null. */
  currentStep(snapshot: SnapshotFrom<M>): string | null;
  assignees(snapshot: SnapshotFrom<M>): string[];
  /** An automatic event the engine appends after a transition (e.g. a step skipped because the applicant is its reviewer). */
  autoEvent(snapshot: SnapshotFrom<M>): ActorEvent | null;
  /**
   * The event the engine appends itself when its time comes (a pending classroom loan expires at its start), and
   * that time (ISO), while the instance is in a state that takes it; else null.
   */
  timer(snapshot: SnapshotFrom<M>): FlowTimer | null;
  status(snapshot: SnapshotFrom<M>): { review: ReviewStatus; extra?: string };
  refusal(snapshot: SnapshotFrom<M>, event: ActorEvent): Refusal | null;
  /** The state value as one dotted string. */
  stateOf(snapshot: SnapshotFrom<M>): string;
  /** How a command is offered (button, modal); labels are `web` keys `workflow.command.{TYPE}.button|title`. */
  commandUi(type: string): CommandUi;
  /** The smallest complete event of a command, to ask whether it is possible at all for this actor now. */
  probe(type: string, actorId: string, snapshot: SnapshotFrom<M>): ActorEvent & Record<string, unknown>;
  /** A command's event data from the user's input (times read in the school's time zone), on the instance's state. */
  commandData(type: string, input: Record<string, unknown>, timeZone: string, snapshot?: SnapshotFrom<M>): CommandData;
  /** Everyone the instance names. */
  participants(context: unknown): string[];
  /** The form as users see it, from the start event's data. */
  formView(startData: Record<string, unknown>): Record<string, unknown>;
  form: FlowForm;
  apply: FlowApply;
  /** The role code whose holders may take each step over (TRANSFER). */
  stepRoles: Readonly<Record<string, string>>;
  /**
   * Commands besides TRANSFER that name a person (`toUserId`), and the role that person must hold (a repair's DISPATCH:
   * a maintenance worker): the server checks it as it checks a transfer's, and the picker offers the role's holders.
   */
  pickRoles: Readonly<Record<string, string>>;
}

/** A system event due at a time (the engine's timers). */
export interface FlowTimer {
  type: string;
  at: string;
}

/** When the flow's timer fires in this state, as the read model stores it (ISO), or null. */
export function dueAtOf<M extends AnyStateMachine>(def: FlowDefinition<M>, snapshot: SnapshotFrom<M>): string | null {
  const timer = def.timer(snapshot);
  return timer ? new Date(timer.at).toISOString() : null;
}

/** The event as the machine receives it: stored type plus stored data. */
export function toMachineEvent(e: StoredFlowEvent): { type: string } & Record<string, unknown> {
  return { ...e.data, type: e.type };
}

/** Folds stored events through a machine, purely: the state of an instance is the fold of its events. */
export function fold<M extends AnyStateMachine>(machine: M, events: readonly StoredFlowEvent[]): SnapshotFrom<M> {
  // Typed loosely inside: the caller's machine type is restored on the way out.
  const logic = machine as AnyStateMachine;
  let snapshot = initialSnapshot(logic);
  for (const e of events) snapshot = step(logic, snapshot, e);
  return snapshot as SnapshotFrom<M>;
}

/**
 * One event through the machine, purely. xstate's `transition()` builds a new inert actor for every call, and building
 * an actor computes the machine's initial snapshot: half of each transition's time (docs/adr/0074). The flows' machines
 * invoke and spawn nothing, and their actions are assigns, which the transition applies itself and no scope runs. So
 * one inert scope per machine serves every call. Its executor drops the actions the pure call would have listed, as
 * `transition()`'s callers here did.
 */
function step(logic: AnyStateMachine, snapshot: SnapshotFrom<AnyStateMachine>, e: StoredFlowEvent): SnapshotFrom<AnyStateMachine> {
  return logic.transition(snapshot, toMachineEvent(e) as never, inertScope(logic));
}

const scopes = new WeakMap<AnyStateMachine, AnyActorScope>();
function inertScope(logic: AnyStateMachine): AnyActorScope {
  let scope = scopes.get(logic);
  if (!scope) {
    const self = createActor(logic);
    scope = { self, id: '', sessionId: '', system: self.system, logger: () => {}, defer: () => {}, stopChild: () => {}, emit: () => {}, actionExecutor: () => {} };
    scopes.set(logic, scope);
  }
  return scope;
}

// A machine's initial snapshot is the same every time (no input) and snapshots are immutable values — transition
// answers a new one — so it is made once per machine instead of on every fold.
const initials = new WeakMap<AnyStateMachine, SnapshotFrom<AnyStateMachine>>();
function initialSnapshot(logic: AnyStateMachine): SnapshotFrom<AnyStateMachine> {
  let s = initials.get(logic);
  if (!s) {
    [s] = initialTransition(logic);
    initials.set(logic, s);
  }
  return s;
}

/** Continues a fold from a snapshot: the events after it, in order (no replay from the start). */
export function advance<S>(machine: AnyStateMachine, snapshot: S, events: readonly StoredFlowEvent[]): S {
  let next = snapshot as SnapshotFrom<AnyStateMachine>;
  for (const e of events) next = step(machine, next, e);
  return next as S;
}

export function stateString(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const [k, v] = Object.entries(value as Record<string, unknown>)[0] ?? [];
    return k === undefined ? '' : `${k}.${stateString(v)}`;
  }
  return '';
}
