import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import type { Envelope } from '@schoolflow/contracts';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import { ok } from '../../../infrastructure/http/envelope.js';
import { Public } from '../../../infrastructure/http/request-context.js';

export interface Health {
  status: 'up' | 'down';
  database: 'up' | 'down';
  redis: 'up' | 'down' | 'not-configured';
  queue: 'redis' | 'in-process';
  version: string;
  uptimeSeconds: number;
}

@ApiTags('system')
@Controller()
export class HealthController {
  constructor(
    private readonly db: DataSource,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  @Public()
  @Get('health')
  @ApiOperation({ summary: 'Liveness and dependencies: database, redis, queue, version' })
  async health(@Res({ passthrough: true }) res: Response): Promise<Envelope<Health>> {
    const database = await this.db.query('SELECT 1').then(() => 'up' as const, () => 'down' as const);
    const body: Health = {
      status: database === 'up' ? 'up' : 'down',
      database,
      redis: this.config.redisUrl ? 'up' : 'not-configured',
      queue: this.config.redisUrl ? 'redis' : 'in-process',
      version: this.config.version,
      uptimeSeconds: Math.round(process.uptime()),
    };
    if (body.status === 'down') res.status(503);
    return ok(body);
  }
}
