import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { ActorEvent } from '@schoolflow/workflows';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { logDatabaseError } from '../../infrastructure/database/database-outage.js';
import { AppException } from '../../infrastructure/http/app-exception.js';
import { PeriodicSweep } from '../../infrastructure/jobs/periodic-sweep.js';
import { FlowCatalog } from '../domain/flow-catalog.service.js';
import { SYSTEM_ACTOR, SYSTEM_PRINCIPAL } from '../domain/system-actor.js';
import { WorkflowCommands } from '../domain/workflow-commands.service.js';
import { WorkflowInstances } from '../domain/workflow-instances.service.js';
import { Clock } from '../ports/clock.port.js';
import { WorkflowStore } from '../ports/workflow-store.port.js';

/**
 * The engine's timers (a classroom loan nobody decided expires at its start), swept every TIMER_SWEEP_SECONDS: one
 * indexed read of the due instances. Each app instance sweeps; an event goes in once because the append checks the
 * stream's version. A sweep never overlaps the previous one.
 */
@Injectable()
export class WorkflowTimers implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly sweeps = new PeriodicSweep(
    // a full page means more are due: take the next at once
    async () => {
      while ((await this.fireDue(100)) === 100);
    },
    (err) => logDatabaseError(err, 'workflow timers sweep failed; retrying at the next sweep'),
  );

  constructor(
    private readonly catalog: FlowCatalog,
    private readonly store: WorkflowStore,
    private readonly instances: WorkflowInstances,
    private readonly commands: WorkflowCommands,
    private readonly clock: Clock,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.sweeps.start(this.config.timerSweepSeconds * 1000);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sweeps.stop();
  }

  /**
   * Appends the system event of each instance whose time has come (`wf_instance.due_at`), decided by its machine like
   * any command — one whose state moved on meanwhile takes nothing. Every instance of the app sweeps; the version
   * check lets one append win, and a lost race is left to the next sweep. Answers how many went in.
   */
  async fireDue(limit = 100): Promise<number> {
    const due = await this.store.dueInstances(limit);
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

  /**
   * Fires one instance's due timer: not before the machine's own time for it (the read model may be ahead of this
   * clock); an instance with nothing to fire (its flow gone, its state moved on) is taken off the due list.
   */
  private async fire(flow: string, id: string, version: number): Promise<boolean> {
    const plugin = this.catalog.hasFlow(flow) ? this.catalog.plugin(flow) : null;
    const state = plugin ? await this.instances.loadState(plugin, id, SYSTEM_PRINCIPAL) : null;
    const timer = plugin && state ? plugin.definition.timer(state.snapshot) : null;
    const now = this.clock.now();
    if (timer && Date.parse(timer.at) > now) return false; // not yet (the read model was ahead of the clock)
    const event: (ActorEvent & Record<string, unknown>) | null = timer ? { type: timer.type, actorId: SYSTEM_ACTOR, at: new Date(now).toISOString() } : null;
    if (!plugin || !state || !event || !state.snapshot.can(event as never)) {
      // nothing will ever fire here: off the due list, unless the instance moved meanwhile (its new due time stands)
      await this.store.clearDue(id, version);
      return false;
    }
    const requestId = randomUUID();
    try {
      await this.commands.appendDecided(plugin, id, state, event, { actorId: SYSTEM_ACTOR, actorRoles: [], correlationId: requestId, requestId }, null);
      return true;
    } catch (err) {
      if (err instanceof AppException && err.status === 409) return false; // another instance fired it first
      throw err;
    }
  }
}
