import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS_COMMANDS } from '../redis/redis-connections.js';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { DatabaseNotifications } from './database-notifications.js';
import { DirectoryCache } from './directory-cache.js';
import { EventAnnouncements } from './event-announcements.js';
import { SubscriptionRegistry } from './subscription-registry.js';
import { SpreadsheetReader } from '../spreadsheet/spreadsheet-reader.js';
import { JobAdmission } from '../jobs/job-admission.js';
import { PdfPool } from '../pdf/pdf-pool.js';
import { WindowCounter } from '../redis/window-counter.js';

/**
 * Provides the started DataSource, its shared LISTEN connection and the directory reads kept by it, the announcer
 * of appends, the registry of durable subscriptions, the configuration, the spreadsheet reader of imports, job
 * admission (ADR 0029), the PDF workers and the windowed counters of signed-out callers' limits to every module.
 */
@Global()
@Module({})
export class CoreModule {
  static forRoot(config: ServerConfig, dataSource: DataSource, redisCommands: Redis | null): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: SERVER_CONFIG, useValue: config },
        { provide: DataSource, useValue: dataSource },
        { provide: REDIS_COMMANDS, useValue: redisCommands },
        DatabaseNotifications,
        DirectoryCache,
        EventAnnouncements,
        SubscriptionRegistry,
        SpreadsheetReader,
        JobAdmission,
        PdfPool,
        WindowCounter,
      ],
      exports: [SERVER_CONFIG, DataSource, REDIS_COMMANDS, DatabaseNotifications, DirectoryCache, EventAnnouncements, SubscriptionRegistry, SpreadsheetReader, JobAdmission, PdfPool, WindowCounter],
    };
  }
}
