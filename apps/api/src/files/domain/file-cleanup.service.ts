import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { logDatabaseError } from '../../infrastructure/database/database-outage.js';
import { PeriodicSweep } from '../../infrastructure/jobs/periodic-sweep.js';
import { logger } from '../../infrastructure/logging/logger.js';
import { readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { FileStore } from './file-store.js';
import { UploadReceiver } from './upload-receiver.js';

/**
 * Keeps the file store from filling with uploads nobody will use (docs/adr/0013): every FILE_SWEEP_SECONDS (3600)
 * each instance deletes uploads never attached after FILE_RETENTION_HOURS (24) and removed ones. A sweep that finds
 * a full batch goes on at once. `FILE_SWEEP_SECONDS=0` is not accepted (the default applies); to stop it, run with
 * `FILE_CLEANUP_DISABLED=1`. (All three read by loadConfig.)
 */
const BATCH = 500;
/** A file still being received is written to at least this often; an older one was left by a crash. */
const INCOMING_MAX_AGE_MS = 60 * 60 * 1000;

@Injectable()
export class FileCleanup implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly sweeps = new PeriodicSweep(
    () => this.sweep(),
    (err) => logDatabaseError(err, 'file cleanup failed; retried at the next sweep'),
  );

  constructor(
    private readonly files: FileStore,
    private readonly receiver: UploadReceiver,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.fileCleanupDisabled) return;
    this.sweeps.start(this.config.fileSweepSeconds * 1000);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sweeps.stop();
  }

  /** Uploads a crash or a kill cut off half-received (a finished or refused one removes its own at once). */
  private async sweepIncoming(): Promise<void> {
    const dir = this.receiver.incomingDir;
    const names = await readdir(dir).catch(() => [] as string[]);
    const before = Date.now() - INCOMING_MAX_AGE_MS;
    for (const name of names) {
      const path = join(dir, name);
      const info = await stat(path).catch(() => null);
      if (info && info.mtimeMs < before) await unlink(path).catch(() => undefined);
    }
  }

  private async sweep(): Promise<void> {
    const retention = this.config.fileRetentionHours;
    let deleted = 0;
    let n: number;
    do {
      n = await this.files.sweep(retention, BATCH);
      deleted += n;
    } while (n === BATCH);
    if (deleted > 0) logger.info({ deleted }, 'unattached and removed uploads deleted');
    await this.sweepIncoming();
  }
}
