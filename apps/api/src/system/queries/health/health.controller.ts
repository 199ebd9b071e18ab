import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS_COMMANDS, redisOutage } from '../../../infrastructure/redis/redis-connections.js';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import type { Envelope } from '@schoolflow/contracts';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import { ok } from '../../../infrastructure/http/envelope.js';
import { Public } from '../../../infrastructure/http/request-context.js';
import { startupWork } from '../../../infrastructure/startup/startup-work.js';

export interface Health {
  /** down: the database is away (503); degraded: Redis is (the instance still serves, limits per instance). */
  status: 'up' | 'degraded' | 'down';
  database: 'up' | 'down';
  redis: 'up' | 'down' | 'not-configured';
  queue: 'redis' | 'in-process';
  version: string;
  uptimeSeconds: number;
  /** Work after start still running in the background (the demo school's grades): `running` until it is done. */
  startup: 'running' | 'done';
}

@ApiTags('system')
@Controller()
export class HealthController {
  constructor(
    private readonly db: DataSource,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
    @Inject(REDIS_COMMANDS) private readonly redis: Redis | null,
  ) {}

  /**
   * Liveness for a load balancer: the process answers, without asking the database or Redis. Every instance shares
   * them, so taking an instance out of rotation for their sake would only turn the app's own 503 envelope into the
   * balancer's (docs/adr/0017).
   */
  @Public()
  @Get('health/live')
  @ApiOperation({ summary: 'Liveness: the process answers (for load balancers; dependencies are /health)' })
  live(): Envelope<{ status: 'up' }> {
    return ok({ status: 'up' });
  }

  @Public()
  @Get('health')
  @ApiOperation({ summary: 'Liveness and dependencies: database, redis, queue, version' })
  async health(@Res({ passthrough: true }) res: Response): Promise<Envelope<Health>> {
    // Both probed, at once: Redis's answer to PING within its 1 s command timeout, the database's to SELECT 1.
    const [database, redis] = await Promise.all([
      this.db.query('SELECT 1').then(() => 'up' as const, () => 'down' as const),
      this.redis
        ? this.redis.ping().then(
            () => {
              redisOutage.restored();
              return 'up' as const;
            },
            () => 'down' as const,
          )
        : Promise.resolve('not-configured' as const),
    ]);
    const body: Health = {
      status: database === 'down' ? 'down' : redis === 'down' ? 'degraded' : 'up',
      database,
      redis,
      queue: this.config.redisUrl ? 'redis' : 'in-process',
      version: this.config.version,
      uptimeSeconds: Math.round(process.uptime()),
      startup: startupWork.running().length > 0 ? 'running' : 'done',
    };
    if (body.status === 'down') res.status(503);
    return ok(body);
  }
}
