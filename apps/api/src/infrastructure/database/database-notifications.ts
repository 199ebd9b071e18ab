import { Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PgListener } from '@schoolflow/event-store';
import { databaseOutage, logDatabaseError } from './database-outage.js';
import { poolOf } from './pool.js';

/** The process's one LISTEN connection (event wake-ups, cache invalidations), started with the app. */
@Injectable()
export class DatabaseNotifications extends PgListener implements OnModuleInit, OnApplicationShutdown {
  constructor(db: DataSource) {
    super(poolOf(db), (err) => logDatabaseError(err, 'database notifications: connection lost; reconnecting'));
  }

  async onModuleInit(): Promise<void> {
    // The LISTEN connection coming back is the sign the database is back (it retries every second while away).
    this.onReset(() => {
      if (this.live) databaseOutage.restored();
    });
    await this.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop();
  }
}
