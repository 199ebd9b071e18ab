import type { ZodType } from 'zod';
import type { Language } from '@schoolflow/contracts';
import type { AlsoWrite } from '@schoolflow/event-store';
import type { FlowDefinition, StoredFlowEvent } from '@schoolflow/workflows';
import type { AnyMachineSnapshot } from 'xstate';
import type { Prepared } from '../../infrastructure/database/prepared.js';
import type { ServerConfig } from '../../config/app-config.js';
import type { Principal } from '../../infrastructure/http/request-context.js';
import type { EffectOutcome } from './effect-refusal.js';
import type { FlowHold, HeldRows } from './flow-hold.js';
import type { DirectoryCache } from '../../infrastructure/database/directory-cache.js';

/** The start of an instance, as a flow plugin builds it from the submitted form. */
export interface StartPlan {
  /** Data of the start event (the machine's SUBMIT). */
  data: Record<string, unknown>;
  studentId: string | null;
  /** Whom the instance names as its applicant when it is not the actor (the engine opens a sheet for its teacher). */
  applicantId?: string;
  /** Applicant side: applicant, the student's account, the student's guardians. They see it as "mine". */
  owners: string[];
  /** Everyone else who may see it (reviewers of every step). */
  reviewers: string[];
  attachments: string[];
  /**
   * What the flow writes with the start, in the same statement (a classroom's booking); a constraint of it that
   * refuses the start maps to the refusal key to answer (422) — so two starts at once cannot both pass a check.
   */
  also?: AlsoWrite;
  /**
   * The rows the start holds in the flow's own tables (FlowHold: a loan's booking, a change's lessons and rooms),
   * written in the start's statement like `also` and recorded in its metadata, so a rebuild makes them again.
   */
  hold?: HeldRows;
  refusals?: Readonly<Record<string, string>>;
}

/**
 * All a pure start planner (`plan<Flow>Start`) knows of the clock: the moment the start is decided and the school's
 * time zone, passed in — so a planner is a function of its arguments, and its tests name the moment.
 */
export interface StartClock {
  now: number;
  timeZone: string;
}

/** A message a committed event causes. Title and content are i18n keys, rendered in the reader's language. */
export interface PlannedMessage {
  recipientId: string;
  type: string;
  titleKey: string;
  contentKey: string;
  params: Record<string, unknown>;
  link: string | null;
  /** A written message's copy (issue 26): the letter it is of, and who wrote it. */
  letterId?: string;
  senderId?: string;
}

/** Everything a flow needs to plan the messages of one committed event; prefetched for a whole batch. */
export interface NotificationInput {
  instanceId: string;
  event: StoredFlowEvent & { version: number; position: string };
  before: AnyMachineSnapshot;
  after: AnyMachineSnapshot;
  /** Applicant side of the instance (applicant, student, guardians). */
  owners: string[];
  student: { name: string; className: { zh: string; en: string } } | null;
  actorName: string;
}

/**
 * What the server adds to a flow's declaration: form validation and the start event (which may read the
 * database: route, settings), and the messages an event causes. Commands' data, refusals, probes, status and
 * steps are the declaration's (workflows/kit).
 * The engine (start, dispatch, projections, pushes) is the same for every flow.
 */
export interface FlowPlugin {
  definition: FlowDefinition;
  /**
   * `db` answers rows; it runs hot statements prepared. A flow reads everything its start needs first
   * (`read<Flow>Start`), then decides purely on what it read (`plan<Flow>Start`, given a StartClock): its refusals and
   * the plan. A start its machine does not take is answered by the machine's own rule (the engine asks it).
   */
  buildStart(form: unknown, actor: Principal, db: Prepared): Promise<StartPlan>;
  /** Pure: the messages an event causes (the engine writes them, idempotently). */
  messages(input: NotificationInput): PlannedMessage[];
  /**
   * What a committed event changes outside the workflow (a student's boarding, a booking): run by the effects
   * subscription in the transaction that moves its checkpoint, once per event even after a crash or a replay.
   * It re-checks its precondition on the rows it changes, locked (`FOR UPDATE`): one that no longer holds (the student's
   * status moved on since the start) answers `notApplied(reason, params)` and changes nothing; the subscription records
   * why in the instance's stream (EFFECT_REFUSED) and its people are told (docs/adr/0027).
   */
  effects?(input: EffectInput, db: { query<R = unknown[]>(sql: string, params?: unknown[]): Promise<R> }): Promise<void | EffectOutcome>;
  /**
   * The flow's own pages read what its effects write (a work task's percentage and last report): once an effect is
   * applied, the instance's people get `workflow.effected` in the effect's transaction, so a page that read the rows on
   * `workflow.transitioned` — which may come first — reads them again (docs/adr/0068-effects-announced.md).
   */
  announcesEffects?: true;
  /**
   * What a flow shows beside its form or its instances that only the database knows (classroom-loan: one room's
   * bookings of a day), by name: `GET /api/workflows/{flow}/views/{name}?…`, for those who may start the flow.
   */
  views?: Readonly<Record<string, FlowView>>;
  /**
   * Facts a command's guards need that only the database knows, read when the command is sent and recorded in its event
   * (so a replay decides the same): grade confirmation's SUBMIT carries how many rows have neither score nor mark.
   */
  commandFacts?(type: string, snapshot: AnyMachineSnapshot, db: Prepared): Promise<Record<string, unknown>>;
  /**
   * What the instance is about, as the commands every flow gets name it in their messages (催办, 转办, 抄送), when it
   * is not a student (a sheet: its class and course). Default: the student, else the actor.
   */
  subject?(context: unknown): string | { zh: string; en: string };
  /** What the flow holds in tables of its own as its events move (its start's rows: StartPlan.hold). */
  hold?: FlowHold;
  /** A passed instance is a certificate (the proofs): its detail names the code, `…/certificate` answers the PDF. */
  issuesCertificate?: boolean;
  /** The choices of a form field whose options come from the database (`FormField.source`), for this actor, named in their language. */
  options?(field: string, actor: Principal, db: Prepared, lang: Language): Promise<{ value: string; label: string }[]>;
}

/** A flow's read-only view: its query's schema (the messages are `validation.*` keys) and how it is read. */
export interface FlowView<Q = unknown> {
  query: ZodType<Q>;
  /** `lang`: the caller's, for the names it answers. */
  read(query: Q, actor: Principal, db: Prepared, lang: Language): Promise<unknown>;
}

/** Whether this event is the one that made the request pass (an effect of "when it passes" runs on it alone). */
export function passedBy(def: FlowDefinition, { before, after }: Pick<EffectInput, 'before' | 'after'>): boolean {
  return def.status(after as never).review === 'passed' && def.status(before as never).review !== 'passed';
}

/** A committed event as an effect sees it. */
export interface EffectInput {
  instanceId: string;
  event: StoredFlowEvent & { version: number; position: string };
  before: AnyMachineSnapshot;
  after: AnyMachineSnapshot;
}

/** What a plugin may be made with. */
export interface PluginDeps {
  config: ServerConfig;
  /** The directory's reads a start makes, kept until the directory changes (docs/adr/0088-directory-reads-cached.md). */
  directory: DirectoryCache;
}

/**
 * A flow's server plugin module, found by the flow's name: `applications/{flow}/{flow}.plugin.ts` exports
 * `createPlugin`. So adding a flow is its folder, its plugin and one line in `workflows/registry.ts` — nothing here.
 */
export interface FlowPluginModule {
  createPlugin(deps: PluginDeps): FlowPlugin;
}

export const FLOW_PLUGINS = Symbol('FLOW_PLUGINS');
