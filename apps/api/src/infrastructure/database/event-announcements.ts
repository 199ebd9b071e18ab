import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppendAnnouncer, EVENTS_CHANNEL } from '@schoolflow/event-store';
import { logDatabaseError } from './database-outage.js';
import { DatabaseNotifications } from './database-notifications.js';
import { poolOf } from './pool.js';

/**
 * The announcements of this process's appends (docs/adr/0011): to its own listeners at once, to the other instances
 * batched. Flushed on shutdown, before the database connections close.
 */
@Injectable()
export class EventAnnouncements extends AppendAnnouncer implements OnApplicationShutdown {
  constructor(db: DataSource, notifications: DatabaseNotifications) {
    super(
      poolOf(db),
      (payload) => notifications.deliverLocally(EVENTS_CHANNEL, payload),
      (err) => logDatabaseError(err, 'announcing appended events failed; other instances catch up at their next poll'),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.flush();
  }
}
