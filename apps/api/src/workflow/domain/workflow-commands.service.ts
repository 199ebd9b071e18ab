import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type AlsoWrite, ConcurrencyError, type EventMetadata } from '@schoolflow/event-store';
import type { WorkflowCommandResult, WorkflowEventInput } from '@schoolflow/contracts';
import { type ActorEvent, advance, applyPermissionOf, fold, type Refusal, type StoredFlowEvent } from '@schoolflow/workflows';
import type { AnyMachineSnapshot } from 'xstate';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { EventAnnouncements } from '../../infrastructure/database/event-announcements.js';
import { AppException } from '../../infrastructure/http/app-exception.js';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import { OperationLogService } from '../../system/domain/operation-log.service.js';
import { WorkflowStore } from '../ports/workflow-store.port.js';
import { evolveInstance } from '../projections/instance-read-model.js';
import { FlowCatalog } from './flow-catalog.service.js';
import { heldAtStart } from './flow-hold.js';
import type { FlowPlugin, StartPlan } from './flow-plugin.js';
import { notApplicant } from './flow-views.service.js';
import { firstOutcome, keyedInstanceId, requestFingerprint } from './idempotency.js';
import { type CachedStream, StreamCache } from './stream-cache.js';
import { SYSTEM_ACTOR, SYSTEM_PRINCIPAL } from './system-actor.js';
import { streamIdOf, WorkflowInstances } from './workflow-instances.service.js';
import { WorkflowPeople } from './workflow-people.service.js';
import { WorkflowProjection } from './workflow-projection.js';
import { WorkflowErrors } from '../workflow.errors.js';

/** A command sent without If-Match is decided again this many times at most when others' commands keep going in first. */
export const MAX_RETRIES_WITHOUT_IF_MATCH = 3;

/** A refusal a user reads: 403 when it is not theirs to do, 422 when it is not possible now, 429 when not yet. */
function refuse(kind: Refusal['kind'], reason = 'workflow.notPossible'): never {
  throw WorkflowErrors.refused(kind === 'forbidden' ? { kind } : { kind, reason });
}

/** The projection's statement parts and a flow's own, as one `also`. */
function withAlso(projection: AlsoWrite, extra: AlsoWrite | undefined): AlsoWrite {
  return extra ? (param, cte) => [...projection(param, cte), ...extra(param, cte)] : projection;
}

/** Whether an error is a lost version race as the append reports it (409 workflow.conflict). */
const isConflict = (err: unknown): boolean => err instanceof AppException && err.status === 409;

/**
 * The engine's writes: a command reads the stream, folds it through the flow's machine, asks the machine (and the
 * flow's refusal explanation) whether the event is possible for this actor, appends it with optimistic concurrency,
 * appends any automatic follow-up (a step skipped because its reviewer is the applicant), and updates the read models
 * in the same statement (evolveInstance's row). It announces its committed appends itself, batched (docs/adr/0011).
 * A keyed command answers its first outcome when sent again (docs/adr/0028); one without If-Match that loses a
 * version race is decided again on the stream, a few times at most.
 */
@Injectable()
export class WorkflowCommands {
  constructor(
    private readonly catalog: FlowCatalog,
    private readonly store: WorkflowStore,
    private readonly instances: WorkflowInstances,
    private readonly people: WorkflowPeople,
    private readonly streams: StreamCache,
    private readonly announcements: EventAnnouncements,
    private readonly oplog: OperationLogService,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async start(flow: string, form: unknown, actor: Principal, client: ClientInfo, requestId: string, key: string | null = null): Promise<WorkflowCommandResult> {
    const plugin = this.catalog.plugin(flow);
    const def = plugin.definition;
    // A flow only the engine starts (grade confirmation) has no start for users.
    if (def.apply.bySystem) throw WorkflowErrors.startedByEngine();
    const applyPermission = applyPermissionOf(flow);
    if (!actor.permissions.has(applyPermission)) {
      await this.oplog.append({ userId: actor.userId, account: actor.account, action: 'access.denied', target: `POST workflows/${flow}`, result: 'denied', ip: client.ip, userAgent: client.userAgent, detail: { missing: [applyPermission] } });
      throw notApplicant(plugin);
    }
    const id = key ? keyedInstanceId(actor.userId, flow, key) : randomUUID();
    // only a keyed request is fingerprinted (docs/adr/0028): a hash per command for nothing otherwise
    const fingerprint = key ? requestFingerprint('start', form) : '';
    const use = key ? { id, streamId: streamIdOf(flow, id), key, actorId: actor.userId, fingerprint } : null;
    if (use) {
      const first = await firstOutcome(this.store, def, use);
      if (first) return first;
    }
    let plan: StartPlan;
    try {
      plan = await plugin.buildStart(form, actor, this.store.db);
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
      if (use && err instanceof ConcurrencyError) {
        const first = await firstOutcome(this.store, def, use);
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
    const plugin = this.catalog.plugin(flow);
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
   * is done. A version race is decided again on the stream, MAX_RETRIES_WITHOUT_IF_MATCH times at most; then its 409.
   */
  async appendAsSystem(flow: string, id: string, type: string, data: Record<string, unknown>, requestId: string = randomUUID()): Promise<WorkflowCommandResult | null> {
    const plugin = this.catalog.plugin(flow);
    const streamId = streamIdOf(flow, id);
    for (let attempt = 1; ; attempt++) {
      this.streams.evict(streamId);
      const state = await this.instances.loadState(plugin, id, SYSTEM_PRINCIPAL);
      const event: ActorEvent & Record<string, unknown> = { ...data, type, actorId: SYSTEM_ACTOR };
      if (plugin.definition.refusal(state.snapshot, event) !== null) return null;
      try {
        return await this.appendDecided(plugin, id, state, event, { actorId: SYSTEM_ACTOR, actorRoles: [], correlationId: requestId, requestId }, null);
      } catch (err) {
        if (!isConflict(err) || attempt >= MAX_RETRIES_WITHOUT_IF_MATCH) throw err;
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
    // The machine did not take the start: its own rule says why (a class swap's "two different lessons"), asked only
    // then — so no plugin restates or probes a rule its machine already states.
    if (def.stateOf(submitted) === def.stateOf(initial)) {
      const refusal = def.refusal(initial, { ...start.data, type: start.type, actorId });
      throw WorkflowErrors.refused(refusal ?? { kind: 'impossible', reason: 'workflow.notPossible' });
    }
    const auto = this.autoEvents(plugin, submitted);
    const snapshot = auto.snapshot;
    const events = [start, ...auto.events];
    const states = [initial, submitted, ...auto.states];
    // What the start read from the database beside the events' own data, recorded with them so that the read
    // models can be rebuilt from the events alone (npm run projections:rebuild).
    const reads = { studentId: plan.studentId, owners: [...new Set(plan.owners)], participants: [...new Set([...plan.owners, ...plan.reviewers])], ...(plan.applicantId ? { applicantId: plan.applicantId } : {}) };
    const meta: EventMetadata = { ...eventMeta, instance: reads, ...(plan.hold ? { hold: plan.hold } : {}) };
    const { row } = evolveInstance(def, null, { id, events, before: initial, after: snapshot, reads });
    // One statement: the events, the instance, its tasks, the attachment links and what the flow holds (docs/adr/0006).
    try {
      await this.store.append({
        streamId,
        streamType: flow,
        events: events.map((e) => ({ type: e.type, data: e.data, metadata: meta })),
        expectedVersion: 0,
        shape: 'created',
        options: { announcedByCaller: true },
        also: withAlso(withAlso(WorkflowProjection.created({ ...row, attachments: plan.attachments }), plan.hold ? WorkflowProjection.held(heldAtStart(id, plan.hold)) : undefined), plan.also),
      });
    } catch (err) {
      // The flow's own write refused it (a classroom already booked then): its refusal, nothing written.
      const refusal = plan.refusals?.[String((err as { constraint?: string }).constraint ?? '')];
      if (refusal && ['23P01', '23505'].includes(String((err as { code?: string }).code))) throw AppException.unprocessable(refusal);
      // A picture deleted by the upload cleanup between the submission's read and its write (docs/adr/0013).
      if ((err as { code?: string }).code === '23503' && (err as { constraint?: string }).constraint === 'sys_file_link_res_id_fkey') {
        throw WorkflowErrors.attachmentGone();
      }
      throw err;
    }
    this.streams.put(streamId, { version: row.version, snapshot, participants: row.participants });
    this.streams.rememberDecided(streamId, 0, states);
    this.announcements.appended(streamId, row.version);
    return { id, version: row.version, state: row.state };
  }

  async dispatch(flow: string, id: string, input: WorkflowEventInput, actor: Principal, ifMatch: number | null, client: ClientInfo, requestId: string, key: string | null = null): Promise<WorkflowCommandResult> {
    try {
      return await this.decideAndAppend(flow, id, input, actor, ifMatch, client, requestId, key);
    } catch (err) {
      // A refusal of who the actor is — not this step's reviewer (403), an instance not theirs to see (404) — is logged
      // as any refusal is (docs/adr/0061-organisations.md#access: someone else reviewing a join request).
      if (err instanceof AppException && (err.status === 403 || err.status === 404)) {
        await this.oplog.append({ userId: actor.userId, account: actor.account, action: 'access.denied', target: `POST workflows/${flow}/${id}/events`, result: 'denied', ip: client.ip, userAgent: client.userAgent, detail: { type: input.type, reason: err.messageKey } });
      }
      throw err;
    }
  }

  private async decideAndAppend(flow: string, id: string, input: WorkflowEventInput, actor: Principal, ifMatch: number | null, client: ClientInfo, requestId: string, key: string | null): Promise<WorkflowCommandResult> {
    const plugin = this.catalog.plugin(flow);
    const streamId = streamIdOf(flow, id);
    const def = plugin.definition;
    /** The event to append, or the refusal (thrown) — decided on a state of the stream. */
    let facts: Record<string, unknown> = {};
    const decide = (s: CachedStream): ActorEvent & Record<string, unknown> => {
      if (ifMatch !== null && ifMatch !== s.version) throw WorkflowErrors.conflict();
      if (!def.commandTypes.includes(input.type)) refuse('impossible', 'workflow.unknownAction');
      const made = def.commandData(input.type, input as unknown as Record<string, unknown>, this.config.timeZone, s.snapshot);
      if ('invalid' in made) throw AppException.badRequest(made.invalid);
      const extra = made.data;
      const proposed: ActorEvent & Record<string, unknown> = { ...extra, ...facts, type: input.type, actorId: actor.userId, ...(input.comment ? { comment: input.comment } : {}) };
      const refusal = def.refusal(s.snapshot, proposed);
      if (refusal) refuse(refusal.kind, refusal.kind === 'forbidden' ? undefined : refusal.reason);
      return proposed;
    };
    let state = await this.instances.commandState(plugin, id, streamId, actor, ifMatch);
    const fingerprint = key ? requestFingerprint('event', input) : '';
    const use = key ? { id, streamId, key, actorId: actor.userId, fingerprint } : null;
    // Checked before deciding, on the stream itself: a resent command may well be possible again (the head teacher
    // who also sits in the office would approve the next step), so "refused now" does not prove "done before".
    if (use) {
      const first = await firstOutcome(this.store, def, use);
      if (first) return first;
    }
    if (WorkflowPeople.namesPerson(def, input.type)) await this.people.checkTransferTarget(def, state.snapshot, input.toUserId, input.type);
    // What the machine needs from the database to decide (a sheet's rows without a score), read as the command comes.
    if (plugin.commandFacts && def.commandTypes.includes(input.type)) facts = await plugin.commandFacts(input.type, state.snapshot, this.store.db);
    let event: ActorEvent & Record<string, unknown>;
    try {
      event = decide(state);
    } catch (err) {
      // A cached state can only be behind (docs/adr/0010): the step may have moved on another instance that has not
      // announced it here yet (announcements travel in 20 ms batches). A refusal decided on it is decided again on
      // the stream itself — else the next reviewer, behind a round-robin proxy, is told "not yours".
      if (!state.cached || !(err instanceof AppException)) throw err;
      this.streams.evict(streamId);
      state = { ...(await this.instances.loadState(plugin, id, actor)), cached: false };
      // The stream read may hold this very command, sent a moment ago through another instance (found in review)
      if (use) {
        const first = await firstOutcome(this.store, def, use);
        if (first) return first;
      }
      event = decide(state);
    }
    // whom a CC names, once the machine took it (the people not copied yet): the server's half of its rule
    if (input.type === 'CC') await this.people.checkCcTargets(id, event.userIds, actor);
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.appendDecided(plugin, id, state, event, this.metadata(actor, client, requestId, key, fingerprint), use);
      } catch (err) {
        // Someone else's command went in between. With If-Match the caller asked for that version: 409. Without it the
        // command is decided again on the stream as it is now — two urges at once answer 200 and 429, not 200 and 409.
        if (!isConflict(err) || ifMatch !== null || attempt >= MAX_RETRIES_WITHOUT_IF_MATCH) throw err;
        const seen = def.stateOf(state.snapshot);
        state = { ...(await this.instances.loadState(plugin, id, actor)), cached: false };
        // only where the caller acted: an approval must not land on the next step because the caller also holds it
        if (def.stateOf(state.snapshot) !== seen) throw err;
        if (WorkflowPeople.namesPerson(def, input.type)) await this.people.checkTransferTarget(def, state.snapshot, input.toUserId, input.type);
        event = decide(state);
      }
    }
  }

  /**
   * Appends a decided event with its automatic follow-ups and the read models (evolveInstance's row, in the same
   * statement); a version race is a 409 — or, for a keyed command (`use`) whose twin went in first, that one's outcome.
   */
  async appendDecided(
    plugin: FlowPlugin,
    id: string,
    state: CachedStream,
    event: ActorEvent & Record<string, unknown>,
    meta: EventMetadata,
    use: { streamId: string; key: string; actorId: string; fingerprint: string } | null,
  ): Promise<WorkflowCommandResult> {
    const def = plugin.definition;
    const flow = def.flow;
    const streamId = streamIdOf(flow, id);
    const { snapshot, version, participants } = state;

    const { type, ...data } = event;
    const acted = advance(def.machine, snapshot, [{ type, data }]);
    const auto = this.autoEvents(plugin, acted);
    const next = auto.snapshot;
    const newEvents: StoredFlowEvent[] = [{ type, data }, ...auto.events];
    const evolved = evolveInstance(def, { id, flow, version, participants: [...participants] }, { events: newEvents, before: snapshot, after: next });
    try {
      await this.store.append({
        streamId,
        streamType: flow,
        events: newEvents.map((e) => ({ type: e.type, data: e.data, metadata: meta })),
        expectedVersion: version,
        shape: 'transitioned',
        options: { announcedByCaller: true },
        groupWrite: WorkflowProjection.transitioned(evolved),
      });
    } catch (err) {
      if (err instanceof ConcurrencyError) {
        this.streams.evict(streamId);
        // The same key sent twice at once: the other one went in first; this one answers its outcome.
        const first = use ? await firstOutcome(this.store, def, { ...use, id }) : null;
        if (first) return first;
        throw WorkflowErrors.conflict();
      }
      throw err;
    }
    const { row } = evolved;
    this.streams.put(streamId, { version: row.version, snapshot: next, participants: row.participants });
    this.streams.rememberDecided(streamId, version, [snapshot, acted, ...auto.states]);
    this.announcements.appended(streamId, row.version);
    return { id, version: row.version, state: row.state };
  }

  /** Automatic follow-up events (e.g. a step skipped because its reviewer is the applicant), with the snapshot after them. */
  private autoEvents(plugin: FlowPlugin, from: AnyMachineSnapshot): { events: StoredFlowEvent[]; snapshot: AnyMachineSnapshot; states: AnyMachineSnapshot[] } {
    const events: StoredFlowEvent[] = [];
    /** The state after each of the events. */
    const states: AnyMachineSnapshot[] = [];
    let snapshot = from;
    // Bounded: a flow has few steps; a cycle would be a flow bug, not a reason to spin.
    for (let i = 0; i < 10; i++) {
      const auto = plugin.definition.autoEvent(snapshot);
      if (!auto) break;
      const { type, ...data } = auto;
      events.push({ type, data });
      snapshot = advance(plugin.definition.machine, snapshot, [{ type, data }]);
      states.push(snapshot);
    }
    return { events, snapshot, states };
  }

  private metadata(actor: Principal, client: ClientInfo, requestId: string, key: string | null, fingerprint: string): EventMetadata {
    return { actorId: actor.userId, actorRoles: actor.roles, correlationId: requestId, requestId, clientAddress: client.ip, ...(key ? { idempotencyKey: key, idempotencyFingerprint: fingerprint } : {}) };
  }
}
