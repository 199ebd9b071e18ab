import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { logDatabaseError } from '../../infrastructure/database/database-outage.js';
import { WorkflowEngine } from '../domain/workflow-engine.service.js';

/**
 * Sweeps the engine's timers every TIMER_SWEEP_SECONDS (a classroom loan nobody decided expires at its start): one
 * indexed read of the due instances. Each app instance sweeps; an event goes in once because the append checks the
 * stream's version. A sweep never overlaps the previous one.
 */
@Injectable()
export class WorkflowTimers implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private sweeping = false;

  constructor(
    private readonly engine: WorkflowEngine,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), this.config.timerSweepSeconds * 1000);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  private async sweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      // a full page means more are due: take the next at once
      while ((await this.engine.fireDue(100)) === 100);
    } catch (err) {
      logDatabaseError(err, 'workflow timers sweep failed; retrying at the next sweep');
    } finally {
      this.sweeping = false;
    }
  }
}
