import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { logDatabaseError } from '../../infrastructure/database/database-outage.js';
import { logger } from '../../infrastructure/logging/logger.js';
import { FileStore } from './file-store.js';

/**
 * Keeps the file store from filling with uploads nobody will use (docs/adr/0013): every FILE_SWEEP_SECONDS (3600)
 * each instance deletes uploads never attached after FILE_RETENTION_HOURS (24) and removed ones. A sweep that finds
 * a full batch goes on at once. `FILE_SWEEP_SECONDS=0` is not accepted (the default applies); to stop it, run with
 * `FILE_CLEANUP_DISABLED=1`. (All three read by loadConfig.)
 */
const BATCH = 500;

@Injectable()
export class FileCleanup implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly files: FileStore,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.fileCleanupDisabled) return;
    this.timer = setInterval(() => this.tick(), this.config.fileSweepSeconds * 1000);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  private tick(): void {
    if (this.running) return;
    const retention = this.config.fileRetentionHours;
    this.running = (async () => {
      try {
        let deleted = 0;
        let n: number;
        do {
          n = await this.files.sweep(retention, BATCH);
          deleted += n;
        } while (n === BATCH);
        if (deleted > 0) logger.info({ deleted }, 'unattached and removed uploads deleted');
      } catch (err) {
        logDatabaseError(err, 'file cleanup failed; retried at the next sweep');
      } finally {
        this.running = undefined;
      }
    })();
  }
}
