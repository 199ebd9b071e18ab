import { type AnyMachineSnapshot, type AnyStateMachine, type ContextFrom, getStateNodes, type SnapshotFrom } from 'xstate';
import type { ActorEvent, CommandData, CommandUi, DiagramStep, FlowApply, FlowDefinition, FlowForm, FlowTimer, ReviewStatus } from '../engine/flow.js';
import { stateString } from '../engine/flow.js';
import { explainRefusal, refusalsOf, type Rule, type StateRefusals } from './rules.js';

/**
 * What a state of a flow's machine says about itself, as its `meta`: the review status users see, the step whose
 * reviewers act in it (their ids come from the declaration's `reviewers`), its label (a `web` i18n key), an extra
 * status beside the review one (leave's cancelled / not cancelled), and what it refuses outright.
 */
export interface FlowStateMeta {
  review?: ReviewStatus;
  extra?: string;
  step?: string;
  label?: string;
  refuses?: StateRefusals;
  /** A state after the main path that the diagram draws as an end of its own (`workflow.end.{end}`). */
  end?: string;
}

/** A command users send: how its input becomes event data, and the smallest complete data to probe the machine. */
export interface CommandSpec<C> {
  /**
   * Event data from the user's input, or the key of why the input is not valid (400). Default: none. `context` is the
   * instance's as the command is decided (a CC leaves out those already copied); absent where none is known.
   */
  data?: (input: Record<string, unknown>, timeZone: string, context?: C) => CommandData;
  /** The smallest complete event data, for asking the machine whether the command is possible at all. */
  probe?: (context: C) => Record<string, unknown>;
  /** Why it is refused in a state that has no transition for it (default `workflow.notPossible`). */
  notNow?: string;
  /** How it is offered (default: a basic button, optional comment). */
  ui?: CommandUi;
}

/** A flow, declared once: the server, the browser and the tests read what `defineFlow` makes of it. */
export interface FlowDeclaration<M extends AnyStateMachine> {
  flow: string;
  machine: M;
  /** The machine's guards with their refusals (the same table its `setup` took, through `guardsOf`). */
  rules: Record<string, Rule<never, never>>;
  /** The event that starts an instance (stored first). */
  startEvent: string;
  /** The start saves a draft its applicant sends to review later (SUBMIT): the form says "save", not "submit". */
  draft?: boolean;
  /** Commands users may send through the API, in the order they are offered. */
  commands: Record<string, CommandSpec<ContextFrom<M>>>;
  /** The main path, drawn in order; a step with `shown` is drawn only when it says so or the history passed it. */
  diagram: readonly { state: string; shown?: (context: ContextFrom<M>) => boolean }[];
  /** Who may act in a step (the state's `meta.step`) — nobody reviews their own request. */
  reviewers(context: ContextFrom<M>, step: string): string[];
  /** Everyone the instance names (applicant side and every step's reviewers). */
  participants(context: ContextFrom<M>): string[];
  /** An automatic event the engine appends after a transition (a step skipped). */
  autoEvent?(snapshot: SnapshotFrom<M>): ActorEvent | null;
  /** The event the engine appends when its time comes, and the time (a request that expires). */
  timer?(snapshot: SnapshotFrom<M>): FlowTimer | null;
  /** The form as users see it, from the start event's data (without what only the machine needs, e.g. the route). */
  formView(startData: Record<string, unknown>): Record<string, unknown>;
  /** The form users fill in: its schema (server and browser validate with it) and its fields, in order. */
  form: FlowForm;
  /** Who starts it, and where its form sits in the 业务申请 menu. */
  apply: FlowApply;
  /** The role whose holders may take each step over (转办); a step not named here cannot be transferred. */
  stepRoles?: Readonly<Record<string, string>>;
  /** Commands besides TRANSFER naming a person (`toUserId`) who must hold a role: command → role code. */
  pickRoles?: Readonly<Record<string, string>>;
}

/** The meta of the active states, deepest first. */
export function metaOf(machine: AnyStateMachine, value: unknown): FlowStateMeta[] {
  return getStateNodes(machine.root, value as never)
    .reverse()
    .map((node) => (node.meta ?? {}) as FlowStateMeta);
}

/** The meta of a state by its dotted path ('approved.cancelled'), or {} when the machine has none. */
export function stateMeta(machine: AnyStateMachine, state: string): FlowStateMeta {
  let node = machine.root;
  for (const key of state.split('.')) {
    const next = node.states[key];
    if (!next) return {};
    node = next;
  }
  return (node.meta ?? {}) as FlowStateMeta;
}

export function defineFlow<M extends AnyStateMachine>(decl: FlowDeclaration<M>): FlowDefinition<M> {
  const refusals = refusalsOf(decl.rules);
  const commandTypes = Object.keys(decl.commands);
  const diagram: DiagramStep[] = decl.diagram.map((d) => ({
    state: d.state,
    labelKey: stateMeta(decl.machine, d.state).label ?? `workflow.state.${d.state}`,
    shown: d.shown as DiagramStep['shown'],
  }));
  const stepOf = (snapshot: AnyMachineSnapshot): string | null => metaOf(decl.machine, snapshot.value).find((m) => m.step)?.step ?? null;

  // Typed loosely inside (every snapshot here is the declared machine's); the caller's machine type is kept outside.
  const any = (snapshot: SnapshotFrom<M>): AnyMachineSnapshot => snapshot as unknown as AnyMachineSnapshot;
  return {
    flow: decl.flow,
    machine: decl.machine,
    startEvent: decl.startEvent,
    draft: decl.draft === true,
    commandTypes,
    steps: diagram,
    currentStep: (snapshot) => stepOf(any(snapshot)),
    assignees(snapshot) {
      const step = stepOf(any(snapshot));
      return step ? decl.reviewers(any(snapshot).context as ContextFrom<M>, step) : [];
    },
    autoEvent: (snapshot) => decl.autoEvent?.(snapshot) ?? null,
    timer: (snapshot) => decl.timer?.(snapshot) ?? null,
    status(snapshot) {
      const metas = metaOf(decl.machine, any(snapshot).value);
      const review = metas.find((m) => m.review)?.review ?? 'pending';
      const extra = metas.find((m) => m.extra)?.extra;
      return extra ? { review, extra } : { review };
    },
    refusal(snapshot, event) {
      if (!commandTypes.includes(event.type) && event.type !== decl.startEvent && !any(snapshot).can(event as never)) {
        return { kind: 'impossible', reason: 'workflow.unknownAction' };
      }
      const notNow = decl.commands[event.type]?.notNow ?? 'workflow.notPossible';
      return explainRefusal(decl.machine, any(snapshot), event as ActorEvent & Record<string, unknown>, refusals, notNow);
    },
    stateOf: (snapshot) => stateString(any(snapshot).value),
    commandUi: (type) => decl.commands[type]?.ui ?? { icon: 'check', tone: 'basic' },
    probe(type, actorId, snapshot) {
      const extra = decl.commands[type]?.probe?.(any(snapshot).context as ContextFrom<M>) ?? {};
      return { ...extra, type, actorId };
    },
    commandData(type, input, timeZone, snapshot) {
      return decl.commands[type]?.data?.(input, timeZone, snapshot ? (any(snapshot).context as ContextFrom<M>) : undefined) ?? { data: {} };
    },
    formView: (startData) => decl.formView(startData),
    form: decl.form,
    apply: decl.apply,
    stepRoles: decl.stepRoles ?? {},
    pickRoles: decl.pickRoles ?? {},
    // and everyone copied (the kit's CC), who may read it too
    participants: (context) => {
      const cc = (context as { cc?: unknown }).cc;
      const named = [...decl.participants(context as ContextFrom<M>), ...(Array.isArray(cc) ? (cc as string[]) : [])];
      return [...new Set(named.filter((id) => typeof id === 'string' && id !== ''))];
    },
  };
}
