import { readFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { type BeforeApplicationShutdown, Inject, Injectable } from '@nestjs/common';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import type { ParseAnswer, ParseRequest } from './sheet-parse.worker.js';
import { zipSummary } from './zip-directory.js';
import { InfrastructureErrors } from '../infrastructure.errors.js';

/**
 * Reads the first sheet of an uploaded .xlsx or .xls for an import (hardening, finding 3: a 2 MB .xlsx of 450 MB of
 * XML held the event loop for 19 minutes at 2.7 GB, and SIGTERM could not stop it). The one guard of every import:
 *
 * 1. An .xlsx's zip directory is read first, without inflating: more than IMPORT_MAX_UNPACKED_MB claimed, or more
 *    than 1,000 entries, is refused at once.
 * 2. The parse runs in a worker thread — never on the thread that answers requests — with a memory limit
 *    (IMPORT_PARSE_MEMORY_MB) and a time limit (IMPORT_PARSE_SECONDS); past either it is terminated and refused.
 * 3. It reads at most IMPORT_MAX_ROWS data rows; a sheet with more is refused, saying the limit.
 * 4. At most two parses run at once per instance (this machine has two cores); others wait their turn.
 * Shutdown terminates any parse under way, and refuses those waiting, before the HTTP server closes.
 */
/** Imports waiting for a parse, at most (each may take up to IMPORT_PARSE_SECONDS). */
const MAX_WAITING = 6;

@Injectable()
export class SpreadsheetReader implements BeforeApplicationShutdown {
  private readonly running = new Set<Worker>();
  private stopping = false;
  private readonly waiting: (() => void)[] = [];
  private readonly parallel = 2;

  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  /**
   * Before, not after, the HTTP server closes: its close waits for the requests under way, and an import's request
   * waits for its parse, so SIGTERM would otherwise wait out a parse of many seconds (docs/adr/0080).
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await Promise.all([...this.running].map((w) => w.terminate()));
  }

  /** The rows (header first) of the file at `path`, or a refusal with a clear message. */
  async read(path: string, ext: string): Promise<string[][]> {
    if (ext === '.xlsx') {
      const zip = zipSummary(await readFile(path));
      if (!zip.ok || zip.entries > 1000) throw InfrastructureErrors.importWrongTemplate();
      if (zip.uncompressed > this.config.importMaxUnpackedMb * 1024 * 1024) throw InfrastructureErrors.importTooLarge(this.config.importMaxUnpackedMb);
    }
    const answer = await this.inWorker({ path, maxRows: this.config.importMaxRows });
    if (!answer.ok) throw (answer.reason === 'empty' ? InfrastructureErrors.importFileEmpty() : InfrastructureErrors.importWrongTemplate());
    if (answer.truncated || answer.rows.length - 1 > this.config.importMaxRows) throw InfrastructureErrors.importTooManyRows(this.config.importMaxRows);
    return answer.rows;
  }

  private async inWorker(request: ParseRequest): Promise<ParseAnswer> {
    await this.turn(); // refused (429) when too many wait: nothing to release then
    try {
      return await new Promise<ParseAnswer>((resolve, reject) => {
        const memory = this.config.importParseMemoryMb;
        const tooComplex = () => InfrastructureErrors.importTooComplex(this.config.importParseSeconds, memory);
        // its turn came as the instance stops: refused as a parse cut off by the shutdown is
        if (this.stopping) {
          reject(tooComplex());
          return;
        }
        const worker = new Worker(new URL('./sheet-parse.worker.js', import.meta.url), {
          workerData: request,
          resourceLimits: { maxOldGenerationSizeMb: memory, maxYoungGenerationSizeMb: Math.max(16, Math.round(memory / 8)), stackSizeMb: 4 },
        });
        this.running.add(worker);
        const timer = setTimeout(() => {
          reject(tooComplex());
          void worker.terminate();
        }, this.config.importParseSeconds * 1000);
        const settle = (): void => {
          clearTimeout(timer);
          this.running.delete(worker);
        };
        worker.once('message', (answer: ParseAnswer) => {
          settle();
          resolve(answer);
          void worker.terminate();
        });
        // Out of memory (ERR_WORKER_OUT_OF_MEMORY) or any other failure inside the parser: the file is refused.
        worker.once('error', () => {
          settle();
          reject(tooComplex());
        });
        worker.once('exit', () => {
          settle();
          reject(tooComplex()); // terminated without an answer (shutdown, or after the timer): no effect once settled
        });
      });
    } finally {
      this.release();
    }
  }

  private inFlight = 0;

  private turn(): Promise<void> {
    if (this.inFlight < this.parallel) {
      this.inFlight++;
      return Promise.resolve();
    }
    // A queue, but not an endless one: past it an import is refused at once rather than waiting minutes.
    if (this.waiting.length >= MAX_WAITING) return Promise.reject(InfrastructureErrors.importBusy());
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.inFlight--;
  }
}
