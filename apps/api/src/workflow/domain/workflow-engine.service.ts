import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type AlsoWrite, ConcurrencyError, type EventMetadata, type EventRow, GroupAppender, type RecordedEvent, toRecorded } from '@schoolflow/event-store';
import { isUuid, type Language, Permission, STAFF_USER_TYPES, type WorkflowCommandResult, type WorkflowEventInput } from '@schoolflow/contracts';
import { type ActorEvent, advance, applyPermissionOf, dueAtOf, fold, type Refusal, type StoredFlowEvent } from '@schoolflow/workflows';
import type { AnyMachineSnapshot } from 'xstate';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { validate } from '../../infrastructure/http/validate.js';
import { AppException } from '../../infrastructure/http/app-exception.js';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import { FLOW_PLUGINS, type FlowPlugin, type StartPlan } from './flow-plugin.js';
import { WorkflowProjection } from './workflow-projection.js';
import { OperationLogService } from '../../system/domain/operation-log.service.js';
import { poolOf } from '../../infrastructure/database/pool.js';
import { logDatabaseError } from '../../infrastructure/database/database-outage.js';
import { type Prepared, prepared } from '../../infrastructure/database/prepared.js';
import { type CachedStream, StreamCache } from './stream-cache.js';
import { checkSameRequest, keyedInstanceId, requestFingerprint } from './idempotency.js';
import { EventAnnouncements } from '../../infrastructure/database/event-announcements.js';
import { directoryScope } from '../../access/domain/directory-scope.js';

/** The projection's statement parts and a flow's own, as one `also`. */
function withAlso(projection: AlsoWrite, extra: AlsoWrite | undefined): AlsoWrite {
  return extra ? (param, cte) => [...projection(param, cte), ...extra(param, cte)] : projection;
}

export interface LoadedInstance {
  plugin: FlowPlugin;
  id: string;
  streamId: string;
  events: RecordedEvent[];
  snapshot: AnyMachineSnapshot;
  version: number;
  participants: string[];
}

export const streamIdOf = (flow: string, id: string): string => `${flow}-${id}`;


/** The refusal of one who may not start a flow (its own words, or the common ones). */
function notApplicant(plugin: FlowPlugin): AppException {
  return new AppException(403, 403, plugin.definition.apply.refusal ?? 'workflow.mayNotApply');
}

/**
 * Whom a CC may name (docs/adr/0028), as a condition on the `sys_user` row `u`: an enabled account of the school's
 * staff (`staff`: the parameter of the staff user types) that the sender may find in the directory (`scope`:
 * `directoryScope`'s condition — a student or parent finds their teachers, the office and the principal), or one of the
 * instance's own people (`instance`: the parameter of its id; its owners — its student and their parents). One
 * condition for the check and the candidates, so the picker offers exactly what a CC accepts.
 */
const ccTarget = (instance: string, staff: string, scope: string): string =>
  `u.enabled AND ((u.user_type = ANY(${staff}::text[]) AND ${scope}) OR u.id = ANY(coalesce((SELECT i.owners FROM wf_instance i WHERE i.id = ${instance}::uuid), '{}'::uuid[])))`;

/** Who acts when the engine itself appends an event (timers; docs/architecture.md#system-events-and-timers: the engine may append events itself). */
const SYSTEM_ACTOR = 'system';
/** The engine reading an instance for its own event: it may read every instance. */
const SYSTEM_PRINCIPAL: Principal = { userId: SYSTEM_ACTOR, account: SYSTEM_ACTOR, name: SYSTEM_ACTOR, userType: '', sessionId: '', roles: [], permissions: new Set([Permission.workflowViewAll]) };

/** A command sent without If-Match is decided again this many times at most when others' commands keep going in first. */
const MAX_RETRIES_WITHOUT_IF_MATCH = 3;

/** A refusal a user reads: 403 when it is not theirs to do, 422 when it is not possible now, 429 when not yet. */
function refuse(kind: Refusal['kind'], reason?: string): never {
  if (kind === 'forbidden') throw AppException.forbidden();
  if (kind === 'tooSoon') throw AppException.tooMany(reason ?? 'workflow.notPossible');
  throw AppException.unprocessable(reason ?? 'workflow.notPossible');
}

/**
 * The generic engine: a command reads the stream, folds it through the flow's machine, asks the machine (and
 * the flow's refusal explanation) whether the event is possible for this actor, appends it with optimistic
 * concurrency, appends any automatic follow-up (a step skipped because its reviewer is the applicant), and
 * updates the read models in the same transaction. It announces its committed appends itself, batched (docs/adr/0011).
 */
@Injectable()
export class WorkflowEngine implements OnApplicationShutdown {
  private readonly plugins: Map<string, FlowPlugin>;
  /** Hot statements as named prepared statements (planned once per connection). */
  private readonly hot: Prepared;
  /** Appends with group commit (docs/adr/0012). */
  private readonly appender: GroupAppender;

  constructor(
    private readonly db: DataSource,
    private readonly oplog: OperationLogService,
    private readonly streams: StreamCache,
    private readonly announcements: EventAnnouncements,
    @Inject(FLOW_PLUGINS) plugins: FlowPlugin[],
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {
    this.plugins = new Map(plugins.map((p) => [p.definition.flow, p]));
    this.hot = prepared(poolOf(db));
    this.appender = new GroupAppender(poolOf(db));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.appender.close();
  }

  /** Every flow's plugin. */
  flows(): FlowPlugin[] {
    return [...this.plugins.values()];
  }

  hasFlow(flow: string): boolean {
    return this.plugins.has(flow);
  }

  plugin(flow: string): FlowPlugin {
    const p = this.plugins.get(flow);
    if (!p) throw AppException.notFound('notFound');
    return p;
  }

  async start(flow: string, form: unknown, actor: Principal, client: ClientInfo, requestId: string, key: string | null = null): Promise<WorkflowCommandResult> {
    const plugin = this.plugin(flow);
    const def = plugin.definition;
    // A flow only the engine starts (grade confirmation) has no start for users.
    if (def.apply.bySystem) throw AppException.unprocessable('workflow.startedByEngine');
    const applyPermission = applyPermissionOf(flow);
    if (!actor.permissions.has(applyPermission)) {
      await this.oplog.append({ userId: actor.userId, account: actor.account, action: 'access.denied', target: `POST workflows/${flow}`, result: 'denied', ip: client.ip, userAgent: client.userAgent, detail: { missing: [applyPermission] } });
      throw notApplicant(plugin);
    }
    const id = key ? keyedInstanceId(actor.userId, flow, key) : randomUUID();
    const fingerprint = requestFingerprint('start', form);
    if (key) {
      const first = await this.firstOutcome(flow, id, key, actor.userId, fingerprint);
      if (first) return first;
    }
    let plan: StartPlan;
    try {
      plan = await plugin.buildStart(form, actor, this.hot);
    } catch (err) {
      // A refusal of who the actor is (another class's student, not your child) is logged as any refusal is.
      if (err instanceof AppException && err.status === 403) {
        await this.oplog.append({ userId: actor.userId, account: actor.account, action: 'access.denied', target: `POST workflows/${flow}`, result: 'denied', ip: client.ip, userAgent: client.userAgent, detail: { reason: err.messageKey } });
      }
      throw err;
    }
    try {
      return await this.create(plugin, id, plan, actor.userId, this.metadata(actor, client, requestId, key, fingerprint));
    } catch (err) {
      // The same key sent twice at once: the other one created the instance; this one answers its outcome.
      if (key && err instanceof ConcurrencyError) {
        const first = await this.firstOutcome(flow, id, key, actor.userId, fingerprint);
        if (first) return first;
      }
      throw err;
    }
  }

  /**
   * The engine starts an instance itself (`system` actor; docs/architecture.md#system-events-and-timers — a batch's entry opens its grade
   * confirmations) under an id the caller derives from what it is about, so a start repeated (a retry, two
   * administrators at once) meets the stream at version 0 and is told it exists (null) instead of starting twice.
   */
  async startAsSystem(flow: string, id: string, plan: StartPlan, requestId: string): Promise<WorkflowCommandResult | null> {
    const plugin = this.plugin(flow);
    try {
      return await this.create(plugin, id, plan, SYSTEM_ACTOR, { actorId: SYSTEM_ACTOR, actorRoles: [], correlationId: requestId, requestId });
    } catch (err) {
      if (err instanceof ConcurrencyError) return null;
      throw err;
    }
  }

  /**
   * An event the engine appends itself to an instance (`system` actor), decided by its machine like any command: a
   * job's report — semester upgrade's BEGIN and COMPLETE (docs/adr/0025). Answers the outcome, or null when the machine
   * does not take it now (recorded before by an earlier run of the job, the instance moved on): either way the caller
   * is done. A version race is decided again on the stream.
   */
  async appendAsSystem(flow: string, id: string, type: string, data: Record<string, unknown>, requestId: string = randomUUID()): Promise<WorkflowCommandResult | null> {
    const plugin = this.plugin(flow);
    const streamId = streamIdOf(flow, id);
    for (let attempt = 1; ; attempt++) {
      this.streams.evict(streamId);
      const state = await this.loadState(plugin, id, SYSTEM_PRINCIPAL);
      const event: ActorEvent & Record<string, unknown> = { ...data, type, actorId: SYSTEM_ACTOR };
      if (plugin.definition.refusal(state.snapshot, event) !== null) return null;
      try {
        return await this.appendDecided(plugin, id, streamId, state, event, { actorId: SYSTEM_ACTOR, actorRoles: [], correlationId: requestId, requestId }, null, SYSTEM_ACTOR);
      } catch (err) {
        if (!(err instanceof AppException) || err.status !== 409 || attempt >= MAX_RETRIES_WITHOUT_IF_MATCH) throw err;
      }
    }
  }

  /** Appends a new instance's first events with its read models (one statement); a version race is a ConcurrencyError. */
  private async create(plugin: FlowPlugin, id: string, plan: StartPlan, actorId: string, eventMeta: EventMetadata): Promise<WorkflowCommandResult> {
    const def = plugin.definition;
    const flow = def.flow;
    const streamId = streamIdOf(flow, id);
    const start: StoredFlowEvent = { type: def.startEvent, data: { ...plan.data, actorId } };
    const initial = fold(def.machine, []);
    const submitted = advance(def.machine, initial, [start]);
    if (def.stateOf(submitted) === def.stateOf(initial)) refuse('impossible', 'workflow.notPossible');
    const auto = this.autoEvents(plugin, submitted);
    const snapshot = auto.snapshot;
    const events = [start, ...auto.events];
    const participants = [...new Set([...plan.owners, ...plan.reviewers])];
    const owners = [...new Set(plan.owners)];
    // What the start read from the database beside the events' own data, recorded with them so that the read
    // models can be rebuilt from the events alone (npm run projections:rebuild).
    const meta: EventMetadata = { ...eventMeta, instance: { studentId: plan.studentId, owners, participants, ...(plan.applicantId ? { applicantId: plan.applicantId } : {}) } };
    const status = def.status(snapshot);
    // One statement: the events, the instance, its tasks and the attachment links (docs/adr/0006).
    try {
      await this.appender.append({
        streamId,
        streamType: flow,
        events: events.map((e) => ({ type: e.type, data: e.data, metadata: meta })),
        expectedVersion: 0,
        shape: 'created',
        options: { announcedByCaller: true },
        also: withAlso(WorkflowProjection.created({
          id,
          flow,
          version: events.length,
          state: def.stateOf(snapshot),
          review: status.review,
          extra: status.extra ?? null,
          assignees: def.assignees(snapshot),
          dueAt: dueAtOf(def, snapshot),
          applicantId: plan.applicantId ?? actorId,
          studentId: plan.studentId,
          form: def.formView(plan.data),
          owners,
          participants,
          attachments: plan.attachments,
        }), plan.also),
      });
    } catch (err) {
      // The flow's own write refused it (a classroom already booked then): its refusal, nothing written.
      const refusal = plan.refusals?.[String((err as { constraint?: string }).constraint ?? '')];
      if (refusal && ['23P01', '23505'].includes(String((err as { code?: string }).code))) throw AppException.unprocessable(refusal);
      // A picture deleted by the upload cleanup between the submission's read and its write (docs/adr/0013).
      if ((err as { code?: string }).code === '23503' && (err as { constraint?: string }).constraint === 'sys_file_link_res_id_fkey') {
        throw AppException.badRequest('workflow.attachmentGone');
      }
      throw err;
    }
    this.streams.put(streamId, { version: events.length, snapshot, participants });
    this.announcements.appended(streamId, events.length);
    return { id, version: events.length, state: def.stateOf(snapshot) };
  }

  async dispatch(flow: string, id: string, input: WorkflowEventInput, actor: Principal, ifMatch: number | null, client: ClientInfo, requestId: string, key: string | null = null): Promise<WorkflowCommandResult> {
    const plugin = this.plugin(flow);
    const streamId = streamIdOf(flow, id);
    const def = plugin.definition;
    /** The event to append, or the refusal (thrown) — decided on a state of the stream. */
    let facts: Record<string, unknown> = {};
    const decide = (s: CachedStream): ActorEvent & Record<string, unknown> => {
      if (ifMatch !== null && ifMatch !== s.version) throw AppException.conflict('workflow.conflict');
      if (!def.commandTypes.includes(input.type)) refuse('impossible', 'workflow.unknownAction');
      const made = def.commandData(input.type, input as unknown as Record<string, unknown>, this.config.timeZone, s.snapshot);
      if ('invalid' in made) throw AppException.badRequest(made.invalid);
      const extra = made.data;
      const proposed: ActorEvent & Record<string, unknown> = { ...extra, ...facts, type: input.type, actorId: actor.userId, ...(input.comment ? { comment: input.comment } : {}) };
      const refusal = def.refusal(s.snapshot, proposed);
      if (refusal) refuse(refusal.kind, refusal.kind === 'forbidden' ? undefined : refusal.reason);
      return proposed;
    };
    let state = await this.commandState(plugin, id, streamId, actor, ifMatch);
    const fingerprint = requestFingerprint('event', input);
    // Checked before deciding, on the stream itself: a resent command may well be possible again (the head teacher
    // who also sits in the office would approve the next step), so "refused now" does not prove "done before".
    if (key) {
      const first = await this.firstOutcome(flow, id, key, actor.userId, fingerprint);
      if (first) return first;
    }
    if (input.type === 'TRANSFER') await this.checkTransferTarget(def, state.snapshot, input.toUserId);
    // What the machine needs from the database to decide (a sheet's rows without a score), read as the command comes.
    if (plugin.commandFacts && def.commandTypes.includes(input.type)) facts = await plugin.commandFacts(input.type, state.snapshot, this.hot);
    let event: ActorEvent & Record<string, unknown>;
    try {
      event = decide(state);
    } catch (err) {
      // A cached state can only be behind (docs/adr/0010): the step may have moved on another instance that has not
      // announced it here yet (announcements travel in 20 ms batches). A refusal decided on it is decided again on
      // the stream itself — else the next reviewer, behind a round-robin proxy, is told "not yours".
      if (!state.cached || !(err instanceof AppException)) throw err;
      this.streams.evict(streamId);
      state = { ...(await this.loadState(plugin, id, actor)), cached: false };
      // The stream read may hold this very command, sent a moment ago through another instance (found in review)
      if (key) {
        const first = await this.firstOutcome(flow, id, key, actor.userId, fingerprint);
        if (first) return first;
      }
      event = decide(state);
    }
    // whom a CC names, once the machine took it (the people not copied yet): the server's half of its rule
    if (input.type === 'CC') await this.checkCcTargets(id, event.userIds, actor);
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.appendDecided(plugin, id, streamId, state, event, this.metadata(actor, client, requestId, key, fingerprint), key, actor.userId, fingerprint);
      } catch (err) {
        // Someone else's command went in between. With If-Match the caller asked for that version: 409. Without it the
        // command is decided again on the stream as it is now — two urges at once answer 200 and 429, not 200 and 409.
        if (!(err instanceof AppException) || err.status !== 409 || ifMatch !== null || attempt >= MAX_RETRIES_WITHOUT_IF_MATCH) throw err;
        const seen = def.stateOf(state.snapshot);
        state = { ...(await this.loadState(plugin, id, actor)), cached: false };
        // only where the caller acted: an approval must not land on the next step because the caller also holds it
        if (def.stateOf(state.snapshot) !== seen) throw err;
        if (input.type === 'TRANSFER') await this.checkTransferTarget(def, state.snapshot, input.toUserId);
        event = decide(state);
      }
    }
  }

  /**
   * The engine's timers: appends the system event of each instance whose time has come (`wf_instance.due_at`), decided
   * by its machine like any command — one whose state moved on meanwhile takes nothing. Every instance of the app
   * sweeps; the version check lets one append win, and a lost race is left to the next sweep. Answers how many went in.
   */
  async fireDue(limit = 100): Promise<number> {
    const due: { id: string; flow: string; version: number }[] = await this.hot.query(
      `SELECT id, flow, version FROM wf_instance WHERE due_at <= now() ORDER BY due_at LIMIT $1`,
      [limit],
    );
    let fired = 0;
    for (const { id, flow, version } of due) {
      // one instance that fails is logged and left; the others still fire
      try {
        if (await this.fire(flow, id, version)) fired++;
      } catch (err) {
        logDatabaseError(err, `workflow timer of ${flow} ${id} failed; retrying at the next sweep`);
      }
    }
    return fired;
  }

  /** Fires one instance's due timer; an instance with nothing to fire (its flow gone, its state moved on) is unmarked. */
  private async fire(flow: string, id: string, version: number): Promise<boolean> {
    const plugin = this.hasFlow(flow) ? this.plugin(flow) : null;
    const state = plugin ? await this.loadState(plugin, id, SYSTEM_PRINCIPAL) : null;
    const timer = plugin && state ? plugin.definition.timer(state.snapshot) : null;
    if (timer && Date.parse(timer.at) > Date.now()) return false; // not yet (the read model was ahead of the clock)
    const event: ActorEvent & Record<string, unknown> | null = timer ? { type: timer.type, actorId: SYSTEM_ACTOR, at: new Date().toISOString() } : null;
    if (!plugin || !state || !event || !(state.snapshot as AnyMachineSnapshot).can(event as never)) {
      // nothing will ever fire here: off the due list, unless the instance moved meanwhile (its new due time stands)
      await this.hot.query(`UPDATE wf_instance SET due_at = NULL WHERE id = $1 AND version = $2`, [id, version]);
      return false;
    }
    const requestId = randomUUID();
    try {
      await this.appendDecided(plugin, id, streamIdOf(flow, id), state, event, { actorId: SYSTEM_ACTOR, actorRoles: [], correlationId: requestId, requestId }, null, SYSTEM_ACTOR);
      return true;
    } catch (err) {
      if (err instanceof AppException && err.status === 409) return false; // another instance fired it first
      throw err;
    }
  }

  /** Appends a decided command with its automatic follow-ups and the read models; a version race is a 409. */
  private async appendDecided(
    plugin: FlowPlugin,
    id: string,
    streamId: string,
    state: CachedStream,
    event: ActorEvent & Record<string, unknown>,
    meta: EventMetadata,
    key: string | null,
    actorId: string,
    fingerprint = '',
  ): Promise<WorkflowCommandResult> {
    const def = plugin.definition;
    const flow = def.flow;
    const { snapshot, version, participants } = state;

    const { type, ...data } = event;
    const acted = advance(def.machine, snapshot, [{ type, data }]);
    const auto = this.autoEvents(plugin, acted);
    const next = auto.snapshot;
    const newEvents: StoredFlowEvent[] = [{ type, data }, ...auto.events];
    const status = def.status(next);
    const newVersion = version + newEvents.length;
    // Whoever the instance names now and could not read it before (a step handed over, people copied) may from now on.
    const joined = def.participants(next.context).filter((p) => !participants.includes(p));
    try {
      await this.appender.append({
        streamId,
        streamType: flow,
        events: newEvents.map((e) => ({ type: e.type, data: e.data, metadata: meta })),
        expectedVersion: version,
        shape: 'transitioned',
        options: { announcedByCaller: true },
        also: WorkflowProjection.transitioned(
          { id, flow, version: newVersion, state: def.stateOf(next), review: status.review, extra: status.extra ?? null, assignees: def.assignees(next), dueAt: dueAtOf(def, next) },
          def.stateOf(next) !== def.stateOf(snapshot),
          joined,
        ),
      });
    } catch (err) {
      if (err instanceof ConcurrencyError) {
        this.streams.evict(streamId);
        // The same key sent twice at once: the other one went in first; this one answers its outcome.
        const first = key ? await this.firstOutcome(flow, id, key, actorId, fingerprint) : null;
        if (first) return first;
        throw AppException.conflict('workflow.conflict');
      }
      throw err;
    }
    this.streams.put(streamId, { version: newVersion, snapshot: next, participants: joined.length > 0 ? [...participants, ...joined] : participants });
    this.announcements.appended(streamId, newVersion);
    return { id, version: newVersion, state: def.stateOf(next) };
  }

  /**
   * The state a command decides on: the cached fold when there is one (docs/adr/0010) — it can only be behind: an
   * append decided on it fails its version check (409) as a concurrent command's would, and a refusal decided on it
   * is decided again on the stream (dispatch) — else the stream read. An If-Match above the cached version proves the
   * entry behind, so the stream is read.
   */
  private async commandState(plugin: FlowPlugin, id: string, streamId: string, actor: Principal, ifMatch: number | null): Promise<CachedStream & { cached: boolean }> {
    if (!isUuid(id)) throw AppException.notFound('notFound');
    const cached = this.streams.get(streamId);
    if (cached && (ifMatch === null || ifMatch <= cached.version)) {
      if (!this.visible(cached.participants, actor)) throw AppException.notFound('notFound');
      return { ...cached, cached: true };
    }
    return { ...(await this.loadState(plugin, id, actor)), cached: false };
  }

  private async loadState(plugin: FlowPlugin, id: string, actor: Principal): Promise<CachedStream> {
    const loaded = await this.load(plugin.definition.flow, id, actor);
    return { version: loaded.version, snapshot: loaded.snapshot, participants: loaded.participants };
  }

  /** Whether the actor may read an instance naming these participants (its people, or whoever may view all). */
  visible(participants: readonly string[], actor: Principal): boolean {
    return participants.includes(actor.userId) || actor.permissions.has(Permission.workflowViewAll);
  }

  /** Loads and folds an instance the actor may see; one they may not see answers 404 (its existence is not told). */
  async load(flow: string, id: string, actor: Principal): Promise<LoadedInstance> {
    const plugin = this.plugin(flow);
    if (!isUuid(id)) throw AppException.notFound('notFound');
    const streamId = streamIdOf(flow, id);
    // Visibility and the stream in one round trip.
    const rows: { participants: string[]; events: EventRow[] }[] = await this.hot.query(
      `SELECT i.participants,
              coalesce((SELECT json_agg(json_build_object('position', e.position::text, 'transaction_id', e.transaction_id::text,
                 'stream_id', e.stream_id, 'stream_type', e.stream_type, 'version', e.version, 'type', e.type, 'data', e.data,
                 'metadata', e.metadata, 'recorded_at', e.recorded_at) ORDER BY e.version)
                 FROM events e WHERE e.stream_id = $3), '[]'::json) AS events
         FROM wf_instance i WHERE i.id = $1 AND i.flow = $2`,
      [id, flow, streamId],
    );
    const row = rows[0];
    if (!row) throw AppException.notFound('notFound');
    if (!this.visible(row.participants, actor)) throw AppException.notFound('notFound');
    const events = row.events.map(toRecorded);
    const snapshot = fold(plugin.definition.machine, events.map((e) => ({ type: e.type, data: e.data })));
    this.streams.put(streamId, { version: events.length, snapshot, participants: row.participants });
    return { plugin, id, streamId, events, snapshot, version: events.length, participants: row.participants };
  }

  /**
   * The folded states of several instances at the versions their read model shows (a page of the review queue):
   * from the cache where it holds that very version — a state at a version is a fact — and the rest read in one
   * statement, never stream by stream.
   */
  async snapshotsAt(items: readonly { flow: string; id: string; version: number; participants: readonly string[] }[]): Promise<Map<string, AnyMachineSnapshot>> {
    const out = new Map<string, AnyMachineSnapshot>();
    const missing: typeof items[number][] = [];
    for (const item of items) {
      const cached = this.streams.get(streamIdOf(item.flow, item.id));
      if (cached && cached.version === item.version) out.set(item.id, cached.snapshot);
      else missing.push(item);
    }
    if (missing.length === 0) return out;
    const rows: { stream_id: string; type: string; data: Record<string, unknown>; version: number }[] = await this.hot.query(
      `SELECT stream_id, type, data, version FROM events WHERE stream_id = ANY($1::text[]) ORDER BY stream_id, version`,
      [missing.map((m) => streamIdOf(m.flow, m.id))],
    );
    const byStream = new Map<string, { type: string; data: Record<string, unknown>; version: number }[]>();
    for (const r of rows) {
      const list = byStream.get(r.stream_id) ?? [];
      list.push(r);
      byStream.set(r.stream_id, list);
    }
    for (const item of missing) {
      const streamId = streamIdOf(item.flow, item.id);
      const events = byStream.get(streamId) ?? [];
      const snapshot = fold(this.plugin(item.flow).definition.machine, events.map((e) => ({ type: e.type, data: e.data })));
      this.streams.put(streamId, { version: events.length, snapshot, participants: item.participants });
      out.set(item.id, snapshot);
    }
    return out;
  }

  /** Commands this actor could send now (for buttons; the browser checks again with the same machine). */
  /**
   * 转办 (the kit's TRANSFER): the step is handed only to an enabled user who holds the step's role (docs/product/workflows.md#transfer) —
   * the machine checks the rest (a reviewer of the step sends it; the target is new to it and not the applicant).
   */
  private async checkTransferTarget(def: FlowPlugin['definition'], snapshot: AnyMachineSnapshot, toUserId: string | undefined): Promise<void> {
    if (!toUserId) return; // the command's own data check answers 400
    const role = def.stepRoles[def.currentStep(snapshot) ?? ''];
    if (!role) throw AppException.unprocessable('workflow.notTransferable');
    const rows: unknown[] = await this.hot.query(
      `SELECT 1 FROM sys_user u JOIN sys_user_role ur ON ur.user_id = u.id JOIN sys_role r ON r.id = ur.role_id WHERE u.id = $1 AND r.code = $2 AND u.enabled AND r.enabled`,
      [toUserId, role],
    );
    if (rows.length === 0) throw AppException.unprocessable('workflow.transferNotHolder');
  }

  /**
   * 抄送's people (the kit's CC checks the rest: who sends it, that someone is new, how often): each an enabled account
   * the instance may be shown to — the school's staff the sender may find in the directory (a student or parent: their
   * teachers, the office, the principal; `directoryScope`), or the instance's own people (its student, their parents)
   * (docs/adr/0028). A random id, a disabled account or another class's student is refused (422) and nothing is
   * appended. `ccCandidates` offers exactly these.
   */
  private async checkCcTargets(id: string, userIds: unknown, actor: Principal): Promise<void> {
    const named = Array.isArray(userIds) ? [...new Set(userIds.filter((x): x is string => typeof x === 'string'))] : [];
    if (named.length === 0) return; // the machine refused it already (nobody new)
    const scope = directoryScope(actor, 4);
    const rows: { n: number }[] = await this.hot.query(
      `SELECT count(*)::int AS n FROM sys_user u WHERE u.id = ANY($1::uuid[]) AND ${ccTarget('$2', '$3', scope.where)}`,
      [named, id, STAFF_USER_TYPES, ...scope.args],
    );
    if ((rows[0]?.n ?? 0) !== named.length) throw AppException.unprocessable('workflow.ccTargetInvalid');
  }

  /** The holders of the current step's role who could take it over (转办's choices), by name. */
  async transferCandidates(flow: string, id: string, actor: Principal): Promise<{ id: string; name: string }[]> {
    const loaded = await this.load(flow, id, actor);
    const def = loaded.plugin.definition;
    const role = def.stepRoles[def.currentStep(loaded.snapshot) ?? ''];
    if (!role || !this.can(loaded.plugin, loaded.snapshot, actor.userId, true).includes('TRANSFER')) return [];
    const taken = new Set([...def.assignees(loaded.snapshot), String((loaded.snapshot.context as { applicantId?: string }).applicantId ?? '')]);
    const rows: { id: string; name: string }[] = await this.hot.query(
      `SELECT u.id, u.name FROM sys_user u JOIN sys_user_role ur ON ur.user_id = u.id JOIN sys_role r ON r.id = ur.role_id
        WHERE r.code = $1 AND u.enabled AND r.enabled ORDER BY u.account LIMIT 200`,
      [role],
    );
    return rows.filter((r) => !taken.has(r.id));
  }

  /** A form field's choices from the database (`FormField.source`), for one who may start the flow. */
  async formOptions(flow: string, field: string, actor: Principal, lang: Language = 'zh'): Promise<{ value: string; label: string }[]> {
    const plugin = this.plugin(flow);
    if (!actor.permissions.has(applyPermissionOf(flow))) throw notApplicant(plugin);
    const declared = plugin.definition.form.fields.some((f) => f.name === field && f.source);
    return declared && plugin.options ? plugin.options(field, actor, this.hot, lang) : [];
  }

  /** A flow's view (a room's day, …), for one who may start the flow; its query validated by the view's schema. */
  async view(flow: string, name: string, query: unknown, actor: Principal, lang: Language = 'zh'): Promise<unknown> {
    const plugin = this.plugin(flow);
    if (!actor.permissions.has(applyPermissionOf(flow)) && !actor.permissions.has(Permission.workflowViewAll)) throw notApplicant(plugin);
    const view = plugin.views && Object.hasOwn(plugin.views, name) ? plugin.views[name] : undefined;
    if (!view) throw AppException.notFound('notFound');
    return view.read(validate(view.query, query) as never, actor, this.hot, lang);
  }

  /**
   * People one who may copy the instance can choose (抄送), by a part of their name or account: those a CC accepts
   * (`checkCcTargets`), less the sender and those copied already.
   */
  async ccCandidates(flow: string, id: string, q: string, actor: Principal): Promise<{ id: string; name: string }[]> {
    const loaded = await this.load(flow, id, actor);
    if (q === '' || !this.can(loaded.plugin, loaded.snapshot, actor.userId, true).includes('CC')) return [];
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const copied = (loaded.snapshot.context as { cc?: readonly string[] }).cc ?? [];
    const scope = directoryScope(actor, 5);
    return this.hot.query(
      `SELECT u.id, u.name || ' (' || u.account || ')' AS name FROM sys_user u
        WHERE ${ccTarget('$1', '$2', scope.where)} AND u.id <> ALL($3::uuid[]) AND (u.name ILIKE $4 OR u.account ILIKE $4) ORDER BY u.account LIMIT 20`,
      [id, STAFF_USER_TYPES, [actor.userId, ...copied], like, ...scope.args],
    );
  }

  /** The decisions this actor may send now (`secondary` ones — transfer, CC — apart, as `more`). */
  can(plugin: FlowPlugin, snapshot: AnyMachineSnapshot, actorId: string, secondary = false): string[] {
    const def = plugin.definition;
    return def.commandTypes.filter((type) => (def.commandUi(type).secondary === true) === secondary && def.refusal(snapshot, def.probe(type, actorId, snapshot)) === null);
  }

  /** Automatic follow-up events (e.g. a step skipped because its reviewer is the applicant), with the snapshot after them. */
  private autoEvents(plugin: FlowPlugin, from: AnyMachineSnapshot): { events: StoredFlowEvent[]; snapshot: AnyMachineSnapshot } {
    const events: StoredFlowEvent[] = [];
    let snapshot = from;
    // Bounded: a flow has few steps; a cycle would be a flow bug, not a reason to spin.
    for (let i = 0; i < 10; i++) {
      const auto = plugin.definition.autoEvent(snapshot);
      if (!auto) break;
      const { type, ...data } = auto;
      events.push({ type, data });
      snapshot = advance(plugin.definition.machine, snapshot, [{ type, data }]);
    }
    return { events, snapshot };
  }

  private metadata(actor: Principal, client: ClientInfo, requestId: string, key: string | null, fingerprint: string): EventMetadata {
    return { actorId: actor.userId, actorRoles: actor.roles, correlationId: requestId, requestId, clientAddress: client.ip, ...(key ? { idempotencyKey: key, idempotencyFingerprint: fingerprint } : {}) };
  }

  /**
   * The outcome of the command this user sent with this key, if it went in: the version its events ended at and the
   * state there (a command's automatic follow-ups carry its metadata, so they count as its own). Null when none did.
   * The key sent with another request than the one it went in with is refused (422, docs/adr/0028) — another body, or
   * another instance or flow altogether.
   */
  private async firstOutcome(flow: string, id: string, key: string, actorId: string, fingerprint: string): Promise<WorkflowCommandResult | null> {
    const streamId = streamIdOf(flow, id);
    // Every keyed command asks this, and almost always the answer is "no": one lookup of the key (its own index,
    // migration 37000) wherever this user sent it — this stream's use first. The events up to that version are read
    // and folded only when the key was used here.
    const hits: { here: boolean; version: number; fingerprint: string | null }[] = await this.hot.query(
      `SELECT stream_id = $1 AS here, version, metadata->>'idempotencyFingerprint' AS fingerprint FROM events
        WHERE metadata ? 'idempotencyKey' AND metadata->>'idempotencyKey' = $2 AND metadata->>'actorId' = $3
        ORDER BY (stream_id = $1) DESC, version DESC LIMIT 1`,
      [streamId, key, actorId],
    );
    const hit = hits[0];
    if (!hit) return null;
    if (!hit.here) throw AppException.unprocessable('validation.idempotencyKeyReused');
    checkSameRequest(hit.fingerprint, fingerprint);
    const version = hit.version;
    const rows: { type: string; data: Record<string, unknown> }[] = await this.hot.query(
      `SELECT type, data FROM events WHERE stream_id = $1 AND version <= $2 ORDER BY version`,
      [streamId, version],
    );
    const def = this.plugin(flow).definition;
    return { id, version, state: def.stateOf(fold(def.machine, rows)) };
  }
}
