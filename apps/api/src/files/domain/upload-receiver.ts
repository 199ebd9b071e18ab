import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, statfs, unlink } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import busboy from 'busboy';
import type { Request, Response } from 'express';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { AppException } from '../../infrastructure/http/app-exception.js';
import { FileStore } from './file-store.js';
import { cleanName, detectType, extensionOf } from './file-type.js';
import { FilesErrors } from '../files.errors.js';

/** What a request may send at the most, whatever a widget asks for (hardening, finding 2). */
export const UPLOAD_MAX_FILES = 20;

export interface ReceiveLimits {
  /** The field the files come in (docs/product/shell-and-sign-in.md#file-upload: `file`). */
  field: string;
  /** Bytes per file, at most. */
  maxFileBytes: number;
  /** Files per request, at most (never above UPLOAD_MAX_FILES). */
  maxFiles: number;
  /** Lower-case extensions with their dot that may be sent. */
  extensions: readonly string[];
  /** Messages of the refusals, when the caller's differ from the file widget's (imports say "import"). */
  messages?: { tooLarge?: string; type?: string; required?: string };
}

/** A file received and checked, waiting on disk under the incoming folder until it is kept or dropped. */
export interface ReceivedFile {
  name: string;
  ext: string;
  mime: string;
  size: number;
  path: string;
}

/** Enough of a file's start to check its signature (the longest, MP4's, ends at byte 8). */
const HEAD_BYTES = 16;
/** After a refusal the rest of the body is read and discarded this far, so a browser still sending gets the answer. */
const DRAIN_BYTES = 16 * 1024 * 1024;
const DRAIN_MS = 3000;
/**
 * Once cut, the connection is half-closed and what still arrives is discarded this long before it is destroyed: a
 * reset sent while the client's data is unread makes the client's kernel drop the answer it has not read yet.
 */
const LINGER_MS = 2000;
const MB = 1024 * 1024;

/** What a request may still write in all: the smallest of its own limit, the user's quota left, the disk's room. */
interface Budget {
  bytes: number;
  refusal: AppException;
}

/**
 * Receives multipart uploads as a stream, to disk, checking as the bytes arrive: the extension before the first byte,
 * the signature in the first 16, the size, the count and the request's total at the moment they are passed. A request
 * over any limit is refused right there — the rest is read no further than a short drain (stopReading) — and nothing
 * it sent is kept. Before this, multer buffered every file whole in memory before any check: twenty 99 MB files took
 * the server to 2.1 GB. The disk is guarded too: a user's unused uploads have a quota, and a reserve of free space is
 * kept (PostgreSQL may share the disk). Each user has at most `uploadsPerUser` uploads under way per instance.
 */
@Injectable()
export class UploadReceiver {
  private readonly incoming: string;
  private readonly underWay = new Map<string, number>();

  constructor(
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
    private readonly files: FileStore,
  ) {
    // Beside the store, on the same disk (a kept file is renamed into it), never inside it.
    this.incoming = resolve(config.dataDir, 'incoming');
  }

  /** The folder of files being received (the cleanup removes what a crash left there). */
  get incomingDir(): string {
    return this.incoming;
  }

  /**
   * Reads the request's files under `limits`. Resolves with every file checked and on disk (the caller keeps or
   * drops them, `drop`); rejects with the refusal, having removed whatever was written.
   */
  async receive(userId: string, req: Request, res: Response, limits: ReceiveLimits): Promise<ReceivedFile[]> {
    const busy = this.underWay.get(userId) ?? 0;
    if (busy >= this.config.uploadsPerUser) {
      this.stopReading(req, res);
      throw FilesErrors.uploadBusy(busy);
    }
    this.underWay.set(userId, busy + 1);
    try {
      // the parents as any directory is made; only the incoming folder itself private (a recursive mkdir would give
      // its mode to every parent it creates — the data directory too, which the embedded PostgreSQL's user must enter)
      await mkdir(dirname(this.incoming), { recursive: true });
      await mkdir(this.incoming, { mode: 0o700 }).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'EEXIST') throw err;
      });
      const budget = await this.budget(userId);
      if (budget.bytes <= 0) {
        this.stopReading(req, res);
        throw budget.refusal;
      }
      return await this.read(req, res, { ...limits, maxFiles: Math.min(limits.maxFiles, UPLOAD_MAX_FILES) }, budget);
    } finally {
      const left = (this.underWay.get(userId) ?? 1) - 1;
      if (left > 0) this.underWay.set(userId, left);
      else this.underWay.delete(userId);
    }
  }

  /**
   * The disk must keep DISK_RESERVE_MB free (PostgreSQL may share it: a full disk would stop the database), a user may
   * hold UPLOAD_QUOTA_MB of uploads no request uses yet, and a request may carry UPLOAD_REQUEST_MAX_MB in all.
   */
  private async budget(userId: string): Promise<Budget> {
    const disk = await statfs(this.incoming);
    const room = disk.bavail * disk.bsize - this.config.diskReserveMb * MB;
    const quotaLeft = this.config.uploadQuotaMb * MB - (await this.files.unattachedBytes(userId));
    const request = this.config.uploadRequestMaxMb * MB;
    const options: Budget[] = [
      { bytes: request, refusal: FilesErrors.uploadRequestTooLarge(this.config.uploadRequestMaxMb) },
      { bytes: quotaLeft, refusal: FilesErrors.uploadQuota(this.config.uploadQuotaMb) },
      { bytes: room, refusal: FilesErrors.uploadNoSpace() },
    ];
    return options.reduce((a, b) => (b.bytes < a.bytes ? b : a));
  }

  async drop(files: readonly ReceivedFile[]): Promise<void> {
    await Promise.all(files.map((f) => unlink(f.path).catch(() => undefined)));
  }

  private read(req: Request, res: Response, limits: ReceiveLimits, budget: Budget): Promise<ReceivedFile[]> {
    const type = String(req.headers['content-type'] ?? '');
    if (!/^multipart\/form-data/i.test(type)) return Promise.reject(FilesErrors.fileRequired(limits.messages?.required));
    return new Promise<ReceivedFile[]>((resolvePromise, reject) => {
      const files: (ReceivedFile & { head: Buffer; checked: boolean })[] = [];
      const writes: Promise<void>[] = [];
      const outs: WriteStream[] = [];
      let total = 0;
      const ins: NodeJS.ReadableStream[] = [];
      let refused: unknown;
      let parser: busboy.Busboy;
      try {
        parser = busboy({
          headers: req.headers,
          defParamCharset: 'utf8',
          // One more than allowed, so busboy tells when a limit is passed (its limits truncate silently otherwise).
          limits: { files: limits.maxFiles + 1, fileSize: limits.maxFileBytes + 1, fields: 20, fieldSize: 4096, parts: limits.maxFiles + 21, headerPairs: 40 },
        });
      } catch {
        reject(FilesErrors.fileRequired(limits.messages?.required)); // no boundary: not multipart at all
        return;
      }
      const refuse = (err: unknown): void => {
        if (refused) return;
        refused = err;
        req.unpipe(parser);
        this.stopReading(req, res);
        // The file being read will not end now: stop it and its write, so each closes and can be removed.
        for (const s of ins) s.unpipe();
        for (const out of outs) out.destroy();
        void Promise.allSettled(writes).then(() => this.drop(files)).then(() => reject(err));
      };
      const checkHead = (f: (typeof files)[number]): void => {
        f.checked = true;
        const mime = detectType(f.ext, f.head);
        if (!mime) return refuse(FilesErrors.fileTypeMismatch(f.ext));
        f.mime = mime;
      };
      parser.on('file', (field, stream, info) => {
        if (refused || field !== limits.field) {
          stream.resume();
          return;
        }
        if (files.length >= limits.maxFiles) {
          stream.resume();
          return refuse(FilesErrors.fileTooMany(limits.maxFiles));
        }
        const name = cleanName(info.filename ?? '');
        const ext = extensionOf(name);
        if (!limits.extensions.includes(ext)) {
          stream.resume();
          return refuse(FilesErrors.fileTypeNotAllowed(limits.extensions.join(','), limits.messages?.type));
        }
        const file = { name, ext, mime: '', size: 0, path: join(this.incoming, randomUUID()), head: Buffer.alloc(0), checked: false };
        files.push(file);
        const out = createWriteStream(file.path, { mode: 0o600 });
        outs.push(out);
        ins.push(stream);
        writes.push(
          new Promise<void>((done) => {
            out.once('close', done);
            out.once('error', (err: NodeJS.ErrnoException) => {
              refuse(err.code === 'ENOSPC' ? FilesErrors.uploadNoSpace() : err);
              done();
            });
          }),
        );
        stream.on('data', (chunk: Buffer) => {
          file.size += chunk.length;
          total += chunk.length;
          if (file.size > limits.maxFileBytes) return refuse(FilesErrors.fileTooLarge(Math.floor(limits.maxFileBytes / 1024), limits.messages?.tooLarge));
          if (total > budget.bytes) return refuse(budget.refusal);
          if (!file.checked) {
            file.head = Buffer.concat([file.head, chunk.subarray(0, HEAD_BYTES)]).subarray(0, HEAD_BYTES);
            if (file.head.length >= HEAD_BYTES) checkHead(file);
          }
        });
        stream.on('end', () => {
          if (refused) return;
          if (file.size === 0) return refuse(FilesErrors.fileEmpty());
          if (!file.checked) checkHead(file);
        });
        stream.pipe(out);
        // A refusal stops the writes too: what was written is removed.
        stream.once('error', (err) => refuse(err));
      });
      parser.once('filesLimit', () => refuse(FilesErrors.fileTooMany(limits.maxFiles)));
      parser.once('partsLimit', () => refuse(FilesErrors.notAnUpload())); // fields, not files: no form of ours sends them
      parser.once('error', () => refuse(FilesErrors.notAnUpload()));
      req.once('error', (err) => refuse(err));
      parser.once('close', () => {
        void Promise.all(writes).then(() => {
          if (refused) return;
          if (files.length === 0) return refuse(FilesErrors.fileRequired(limits.messages?.required));
          resolvePromise(files.map(({ head: _head, checked: _checked, ...f }) => f));
        });
      });
      req.pipe(parser);
    });
  }

  /**
   * The refusal is answered at once. The rest of the body is read and discarded for a moment — up to DRAIN_BYTES or
   * DRAIN_MS — so a browser still sending gets the answer rather than a reset connection; past that, once the answer
   * is out, the connection is cut: half-closed first (the answer, then the end, reach the client), what still arrives
   * discarded for LINGER_MS, then destroyed — the rest of a large body is never stored.
   */
  private stopReading(req: Request, res: Response): void {
    // All of it read already: nothing to stop — and the connection may soon carry the client's next request.
    if (req.complete) return;
    let drained = 0;
    let expired = false;
    let cutting = false;
    const cut = (): void => {
      if (cutting || req.complete || !res.writableFinished || !(expired || drained > DRAIN_BYTES)) return;
      cutting = true;
      const socket = req.socket;
      socket.end();
      const linger = setTimeout(() => socket.destroy(), LINGER_MS);
      socket.once('close', () => clearTimeout(linger));
    };
    const timer = setTimeout(() => {
      expired = true;
      cut();
    }, DRAIN_MS);
    res.once('finish', cut);
    req.on('data', (chunk: Buffer) => {
      drained += chunk.length;
      cut();
    });
    req.once('end', () => clearTimeout(timer));
    req.once('close', () => clearTimeout(timer));
    req.resume();
  }
}
