import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Piscina } from 'piscina';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { InFlightLimit } from './in-flight-limit.js';
import type { PdfDocumentTask, PdfFileTask, PdfTask } from './pdf-tasks.js';
import { InfrastructureErrors } from '../infrastructure.errors.js';

/** Thrown for work cut off because the instance is stopping: a job so cut is left to be taken up at the next start. */
export class PdfPoolStopping extends Error {
  constructor() {
    super('the PDF pool is stopping with the instance');
  }
}

/** Tasks waiting for a worker at most, over every user; one more is refused (429) rather than queued without end. */
const MAX_WAITING = 64;
/** A worker's heap at most: a class's reports are a few MB; a runaway document is stopped, not the server. */
const WORKER_MEMORY_MB = 256;

/**
 * The PDFs (semester reports, a class's reports, certificates) are drawn off the event loop, by a pool of worker
 * threads (piscina; docs/adr/0029): drawing a report holds a thread for tens of milliseconds, and 24 at once on the
 * thread that answers requests took `/server/health` from 11 ms to 346 ms. Each worker parses the font once.
 *
 * A document asked for in a request holds one of its user's places (`PDF_RENDERS_PER_USER`, per instance: behind a
 * load balancer a user may draw that many on each) from the read of what it shows until it is drawn: one more is
 * refused at once (429), before any database work. A job's file
 * (the class reports) is admitted as a job (job-admission.ts) and takes no place. Tasks wait in one queue of at most
 * MAX_WAITING; beyond it the request is refused too.
 *
 * The worker is the compiled `pdf.worker.js` beside this file. Run from the TypeScript sources (jest) there is none:
 * the same code then runs in-process, on a later tick (as run-in-worker.ts does for the scheduler).
 */
@Injectable()
export class PdfPool implements OnApplicationShutdown {
  private readonly perUser: InFlightLimit;
  private pool: Piscina | undefined;
  private stopping = false;

  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {
    this.perUser = new InFlightLimit(config.pdfRendersPerUser);
  }

  /** Threads drawing at once: the configured count, else all cores but the one the event loop needs (1–4). */
  static threads(configured: number | null): number {
    return configured ?? Math.max(1, Math.min(4, availableParallelism() - 1));
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    const pool = this.pool;
    this.pool = undefined;
    await pool?.destroy().catch(() => undefined);
  }

  /**
   * Runs `work` (which reads what to draw and calls `render`) in one of the user's places, or refuses at once (429)
   * when all of them are taken.
   */
  async forUser<T>(userId: string, work: () => Promise<T>): Promise<T> {
    const release = this.perUser.tryAcquire(userId);
    if (!release) throw InfrastructureErrors.pdfBusy(this.perUser.max);
    try {
      return await work();
    } finally {
      release();
    }
  }

  /** A document's bytes, drawn by a worker. */
  async render(task: PdfDocumentTask): Promise<Buffer> {
    const bytes = await this.run(task);
    if (!bytes) throw new Error(`PDF task ${task.kind} answered no document`);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** A file written by a worker where the task says. */
  async write(task: PdfFileTask): Promise<void> {
    await this.run(task);
  }

  private async run(task: PdfTask): Promise<Uint8Array | null> {
    if (import.meta.url.endsWith('.ts')) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      // only here, in the TypeScript sources (unit tests): the built server draws in its workers, and its start does
      // not load pdfkit and the fonts' parser (docs/adr/0080-tests-drive-the-headless-shell.md)
      const { runPdfTask } = await import('./pdf-tasks.js');
      return runPdfTask(task);
    }
    if (this.stopping) throw new PdfPoolStopping();
    const pool = (this.pool ??= this.start());
    try {
      return (await pool.run(task)) as Uint8Array | null;
    } catch (err) {
      // destroyed under the task: the instance is stopping
      if (this.stopping) throw new PdfPoolStopping();
      // piscina's refusal when MAX_WAITING tasks wait already (it has no error code to tell it by)
      if ((err as Error).message === 'Task queue is at limit') throw InfrastructureErrors.pdfServerBusy();
      throw err;
    }
  }

  /** Started at the first document: an instance that never draws one keeps no thread for it. */
  private start(): Piscina {
    const threads = PdfPool.threads(this.config.pdfWorkers);
    return new Piscina({
      filename: fileURLToPath(new URL('./pdf.worker.js', import.meta.url)),
      minThreads: 1,
      maxThreads: threads,
      maxQueue: MAX_WAITING,
      // a thread beyond the first is kept a minute after its last task: its font parse is not paid for each burst
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_MEMORY_MB },
    });
  }
}
