import { and, type AnyMachineSnapshot, type AnyStateMachine, getStateNodes } from 'xstate';
import type { Refusal } from '../engine/flow.js';

/**
 * A guard of a flow's machine with the reason it gives when it fails — one source per rule (emmett): the machine
 * checks `check`, and a refusal is explained by the first failing guard of the transition it tried, so no switch
 * elsewhere restates what the guards already say. `refusal: 'forbidden'` is "not this person's to do" (403); a
 * key is "not possible so" (422, a `workflow.*`/`validation.*` message). A guard without one never explains a
 * refusal (routing guards such as "longer than the threshold").
 */
export interface Rule<Args, Params> {
  check: (args: Args, params: Params) => boolean;
  refusal?: 'forbidden' | (string & {});
  /** The refusal is "not yet" (429), not "not so" (422). */
  tooSoon?: boolean;
}

/** The guards as xstate's `setup` takes them (types preserved, so `params` stay checked in the machine). */
export function guardsOf<R extends Record<string, Rule<never, never>>>(rules: R): { [K in keyof R]: R[K]['check'] } {
  return Object.fromEntries(Object.entries(rules).map(([name, rule]) => [name, rule.check])) as { [K in keyof R]: R[K]['check'] };
}

/** The refusals of a rule table, by guard name. */
export function refusalsOf(rules: Record<string, Rule<never, never>>): Record<string, Refusal> {
  const out: Record<string, Refusal> = {};
  for (const [name, rule] of Object.entries(rules)) {
    if (!rule.refusal) continue;
    out[name] = rule.refusal === 'forbidden' ? { kind: 'forbidden' } : rule.tooSoon ? { kind: 'tooSoon', reason: rule.refusal } : { kind: 'impossible', reason: rule.refusal };
  }
  return out;
}

/** What a state says about the events it refuses outright (no transition for them), by event type. */
export type StateRefusals = Record<string, string>;

const ALL = Symbol('all');

/**
 * `and` as the kit can explain it: a refusal names the first of `guards` that fails. (xstate's own combinators are
 * opaque functions — their names do not survive minification — so a machine combines its guards with this.)
 */
export const all: typeof and = ((guards: Parameters<typeof and>[0]) => Object.assign(and(guards), { [ALL]: guards })) as unknown as typeof and;

interface GuardRef {
  type?: string;
  params?: unknown;
  [ALL]?: unknown[];
}

/** A failing leaf guard: its name, or null when no named guard failed (an anonymous or `not` guard). */
type Failure = { name: string | null; passed: number };

type GuardImpl = (args: { context: unknown; event: unknown }, params: unknown) => boolean;

/**
 * Walks a transition's guard in evaluation order and answers the first leaf that fails, with how many leaves passed
 * before it, or null when the whole guard holds. `all([...])` is followed into; any other combinator is one leaf.
 */
function firstFailure(machine: AnyStateMachine, guard: unknown, args: { context: unknown; event: unknown }, passed = 0): Failure | null {
  if (guard === undefined) return null;
  const impls = (machine.implementations.guards ?? {}) as Record<string, GuardImpl>;
  const ref: GuardRef = typeof guard === 'string' ? { type: guard } : (guard as GuardRef);
  const inners = ref[ALL];
  if (typeof guard === 'function' && Array.isArray(inners)) {
    let count = passed;
    for (const inner of inners) {
      const failure = firstFailure(machine, inner, args, count);
      if (failure) return failure;
      count += 1;
    }
    return null;
  }
  // or / not / an inline function: not evaluated here (xstate's own may throw when called); the transition failed,
  // so it counts as the unnamed failure
  if (typeof guard === 'function') return { name: null, passed };
  const impl = ref.type ? impls[ref.type] : undefined;
  if (!impl) return { name: ref.type ?? null, passed };
  const params = typeof ref.params === 'function' ? (ref.params as (a: unknown) => unknown)(args) : ref.params;
  return impl(args, params) ? null : { name: ref.type ?? null, passed };
}

/**
 * Why the machine refuses an event in this snapshot, from the machine itself: the state's own word for an event it
 * has no transition for (else `notNow`), or the reason of the first failing guard of the transition that got
 * furthest (the last such when several tie, as the most general). Answers null when the machine accepts it.
 */
export function explainRefusal(
  machine: AnyStateMachine,
  snapshot: AnyMachineSnapshot,
  event: { type: string } & Record<string, unknown>,
  refusals: Record<string, Refusal>,
  notNow: string,
): Refusal | null {
  if (snapshot.can(event as never)) return null;
  const nodes = getStateNodes(machine.root, snapshot.value).reverse(); // deepest first, as xstate selects
  const args = { context: snapshot.context as unknown, event: event as unknown };
  let best: Failure | null = null;
  let sawTransition = false;
  for (const node of nodes) {
    for (const t of node.transitions.get(event.type) ?? []) {
      sawTransition = true;
      const failure = firstFailure(machine, t.guard, args);
      if (failure && (!best || failure.passed >= best.passed)) best = failure;
    }
  }
  if (!sawTransition) {
    for (const node of nodes) {
      const own = (node.meta as { refuses?: StateRefusals } | undefined)?.refuses?.[event.type];
      if (own) return { kind: 'impossible', reason: own };
    }
    return { kind: 'impossible', reason: notNow };
  }
  return (best?.name ? refusals[best.name] : undefined) ?? { kind: 'impossible', reason: 'workflow.notPossible' };
}
