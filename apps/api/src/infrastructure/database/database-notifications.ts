import { Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PgListener } from '@schoolflow/event-store';
import { logger } from '../logging/logger.js';
import { poolOf } from './pool.js';

/** The process's one LISTEN connection (event wake-ups, cache invalidations), started with the app. */
@Injectable()
export class DatabaseNotifications extends PgListener implements OnModuleInit, OnApplicationShutdown {
  constructor(db: DataSource) {
    super(poolOf(db), (err) => logger.warn({ err }, 'database notifications: connection lost; reconnecting'));
  }

  async onModuleInit(): Promise<void> {
    await this.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop();
  }
}
