import { cpus, freemem, loadavg, platform, totalmem, uptime } from 'node:os';
import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { type Envelope, type MonitorSnapshot, Permission } from '@schoolflow/contracts';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { ok } from '../../infrastructure/http/envelope.js';
import { RequirePermissions } from '../../infrastructure/http/request-context.js';
import { RealtimeGateway } from '../../messaging/realtime/realtime.gateway.js';
import { REMINDER_QUEUE } from '../../messaging/reminders/reminder.scheduler.js';
import { AdminPost } from '../shared/admin-support.js';

const VERSION = process.env.npm_package_version ?? '0.1.0';

/** Server monitor: host and process numbers, database, Redis, queue and socket status. */
@ApiTags('admin')
@Controller()
export class MonitorController {
  private lastCpu = process.cpuUsage();
  private lastAt = Date.now();

  constructor(
    private readonly db: DataSource,
    private readonly gateway: RealtimeGateway,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  @Get('ms/monitor')
  @RequirePermissions(Permission.monitorView)
  get(): Promise<Envelope<MonitorSnapshot>> {
    return this.snapshot();
  }

  @AdminPost('ms/monitor', Permission.monitorView)
  post(): Promise<Envelope<MonitorSnapshot>> {
    return this.snapshot();
  }

  private async snapshot(): Promise<Envelope<MonitorSnapshot>> {
    const now = Date.now();
    const cpu = process.cpuUsage(this.lastCpu);
    const elapsed = Math.max(1, now - this.lastAt) * 1000;
    this.lastCpu = process.cpuUsage();
    this.lastAt = now;
    const mem = process.memoryUsage();
    const [database, redisQueue] = await Promise.all([this.database(), this.redisAndQueue()]);
    return ok({
      at: new Date(now).toISOString(),
      host: { cpus: cpus().length, load: loadavg(), cpuPercent: Math.round(((cpu.user + cpu.system) / elapsed) * 1000) / 10, memTotal: totalmem(), memFree: freemem(), uptimeSeconds: Math.round(uptime()), platform: platform() },
      process: { pid: process.pid, uptimeSeconds: Math.round(process.uptime()), rss: mem.rss, heapUsed: mem.heapUsed, heapTotal: mem.heapTotal, node: process.version, version: VERSION },
      database,
      ...redisQueue,
      realtime: { sockets: this.sockets() },
    });
  }

  private sockets(): number {
    try {
      return this.gateway.server.of('/').sockets.size;
    } catch {
      return 0;
    }
  }

  private async database(): Promise<MonitorSnapshot['database']> {
    const started = Date.now();
    try {
      const rows: { version: string; size: string; connections: number }[] = await this.db.query(
        `SELECT current_setting('server_version') AS version, pg_database_size(current_database())::text AS size,
                (SELECT count(*)::int FROM pg_stat_activity WHERE datname = current_database()) AS connections`,
      );
      const r = rows[0];
      return { status: 'up', version: r?.version ?? '', sizeBytes: Number(r?.size ?? 0), connections: r?.connections ?? 0, latencyMs: Date.now() - started };
    } catch {
      return { status: 'down', version: '', sizeBytes: 0, connections: 0, latencyMs: Date.now() - started };
    }
  }

  private async redisAndQueue(): Promise<Pick<MonitorSnapshot, 'redis' | 'queue'>> {
    const url = this.config.redisUrl;
    if (!url) return { redis: { status: 'not-configured', version: '', usedMemory: 0, latencyMs: 0 }, queue: { mode: 'in-process', waiting: 0, delayed: 0, active: 0, failed: 0 } };
    const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 2000 });
    redis.on('error', () => undefined); // a Redis that is away is what the snapshot reports, not a log line
    const started = Date.now();
    try {
      await redis.connect();
      await redis.ping();
      const latencyMs = Date.now() - started;
      const info = await redis.info();
      const field = (k: string) => new RegExp(`^${k}:(.*)$`, 'm').exec(info)?.[1]?.trim() ?? '';
      const queue = new Queue(REMINDER_QUEUE, { connection: redis, prefix: this.config.redisPrefix });
      const counts = await queue.getJobCounts('waiting', 'delayed', 'active', 'failed');
      await queue.close();
      return {
        redis: { status: 'up', version: field('redis_version'), usedMemory: Number(field('used_memory')) || 0, latencyMs },
        queue: { mode: 'redis', waiting: counts.waiting ?? 0, delayed: counts.delayed ?? 0, active: counts.active ?? 0, failed: counts.failed ?? 0 },
      };
    } catch {
      return { redis: { status: 'down', version: '', usedMemory: 0, latencyMs: Date.now() - started }, queue: { mode: 'redis', waiting: 0, delayed: 0, active: 0, failed: 0 } };
    } finally {
      redis.disconnect();
    }
  }
}
