import { Worker } from 'node:worker_threads';
import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { FaceModelInfo } from '@schoolflow/contracts';
import { FacesErrors } from '../faces.errors.js';
import { MAX_MEGAPIXELS } from './face-image.js';
import type { DescribeAnswer, DescribedFace } from './face-model.worker.js';

/** Captures waiting for the model, at most, before a refusal (each takes ~0.2–0.6 s; the first also loads the model). */
const MAX_WAITING = 8;
/** A capture's answer, at most (the first includes loading the model: ~0.2 s measured, 30 s is for a loaded machine). */
const ANSWER_MS = 30_000;
/** The worker and its ~200 MB are let go after this long unused; the next capture loads the model again. */
const IDLE_MS = 10 * 60_000;

export interface FaceReading {
  faces: DescribedFace[];
}

/**
 * The face model's door on the request thread (docs/adr/0063-face-recognition.md#model): starts the worker thread
 * (face-model.worker.ts) on the first capture — never when the server starts, so the e2e suite's ~35 servers and
 * every restart pay nothing — hands it captures one at a time, and answers their faces' embeddings. A worker that
 * fails or does not answer in time is ended and the capture refused (503); the next one starts a new worker. Ended
 * at shutdown, and after IDLE_MS unused.
 */
@Injectable()
export class FaceEngine implements OnApplicationShutdown {
  private readonly logger = new Logger('FaceEngine');
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (a: DescribeAnswer) => void; reject: (e: unknown) => void; timer: NodeJS.Timeout }>();
  private idle: NodeJS.Timeout | null = null;
  private loadMs: number | null = null;

  info(): FaceModelInfo {
    return { library: '@vladmandic/human', version: '3.3.6', detector: 'BlazeFace + FaceMesh', descriptor: 'FaceRes (1024)', backend: 'TensorFlow.js WebAssembly', loadMs: this.loadMs };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop();
  }

  /** The faces of a JPEG or PNG capture; refuses an unreadable image, a busy or failed model. */
  async read(bytes: Uint8Array, liveness: boolean): Promise<FaceReading> {
    if (this.pending.size >= MAX_WAITING) throw FacesErrors.busy();
    const answer = await this.ask(bytes, liveness);
    if (answer.loadMs !== null && answer.loadMs !== this.loadMs) {
      this.loadMs = answer.loadMs;
      this.logger.log(`face model loaded in ${answer.loadMs} ms`);
    }
    if (!answer.ok) {
      if (answer.reason === 'badImage') throw FacesErrors.badImage();
      if (answer.reason === 'imageTooLarge') throw FacesErrors.imageTooLarge(MAX_MEGAPIXELS);
      this.logger.error(`face model failed: ${answer.detail ?? ''}`);
      throw FacesErrors.unavailable();
    }
    return { faces: answer.faces };
  }

  private ask(bytes: Uint8Array, liveness: boolean): Promise<DescribeAnswer> {
    const worker = this.started();
    const id = this.nextId++;
    if (this.idle) clearTimeout(this.idle);
    return new Promise<DescribeAnswer>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.logger.error('face model did not answer in time: worker ended');
        void this.stop();
      }, ANSWER_MS);
      this.pending.set(id, { resolve, reject, timer });
      const copy = new Uint8Array(bytes); // its own buffer, moved to the worker
      worker.postMessage({ id, bytes: copy, liveness }, [copy.buffer]);
    });
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./face-model.worker.js', import.meta.url));
    worker.on('message', (answer: DescribeAnswer) => {
      const waiting = this.pending.get(answer.id);
      if (!waiting) return;
      clearTimeout(waiting.timer);
      this.pending.delete(answer.id);
      waiting.resolve(answer);
      if (this.pending.size === 0) {
        if (this.idle) clearTimeout(this.idle);
        this.idle = setTimeout(() => void this.stop(), IDLE_MS);
        this.idle.unref();
      }
    });
    const failed = (why: string) => {
      if (this.worker !== worker) return;
      this.logger.error(`face model worker ended: ${why}`);
      this.worker = null;
      this.failAll();
    };
    worker.on('error', (e) => failed(e.message));
    worker.on('exit', (code) => failed(`exit ${code}`));
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private failAll(): void {
    for (const [id, waiting] of this.pending) {
      clearTimeout(waiting.timer);
      waiting.reject(FacesErrors.unavailable());
      this.pending.delete(id);
    }
  }

  private async stop(): Promise<void> {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    const worker = this.worker;
    this.worker = null;
    this.failAll();
    if (worker) await worker.terminate();
  }
}
