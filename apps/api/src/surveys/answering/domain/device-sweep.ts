import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import { logDatabaseError } from '../../../infrastructure/database/database-outage.js';
import { PeriodicSweep } from '../../../infrastructure/jobs/periodic-sweep.js';
import { logger } from '../../../infrastructure/logging/logger.js';
import { AnsweringRepository } from './answering.repository.js';

const BATCH = 5000;

/**
 * Keeps `survey_device` to the questionnaires that can still be answered (docs/adr/0038-questionnaires.md#answering):
 * every SURVEY_SWEEP_SECONDS each instance deletes the tokens of questionnaires ended more than a day ago, a batch at
 * a time. Nothing is lost by it: an ended paper answers "not started or expired" before any token is looked at, and a
 * device that answered stays known by its claim in survey_participation (the head's `device_known`), so an end
 * extended later cannot let it answer twice. Every instance sweeping is harmless (the same DELETE, batch by batch).
 */
@Injectable()
export class SurveyDeviceSweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly sweeps = new PeriodicSweep(
    () => this.sweep(),
    (err) => logDatabaseError(err, 'questionnaire device sweep failed; retried at the next sweep'),
  );

  constructor(
    private readonly db: DataSource,
    private readonly answering: AnsweringRepository,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.sweeps.start(this.config.surveySweepSeconds * 1000);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sweeps.stop();
  }

  private async sweep(): Promise<void> {
    let deleted = 0;
    let n: number;
    do {
      n = await this.answering.sweepDevices(this.db, BATCH);
      deleted += n;
    } while (n === BATCH);
    if (deleted > 0) logger.info({ deleted }, 'device tokens of ended questionnaires deleted');
  }
}
