import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { DataSource } from 'typeorm';
import { AppModule } from '../../app.module.js';
import { loadConfig } from '../../config/app-config.js';
import { routeHandlers } from './openapi-bodies.js';

/**
 * Prints, as JSON, every route handler of the app and whether it reads a request body (openapi-bodies.ts), for the
 * test that holds them to the served OpenAPI document (test/security/openapi-bodies.e2e-spec.ts). The app is made
 * from the same module as the server's, in Nest's preview mode: the controllers and their metadata, no provider built,
 * so neither the database nor Redis is touched. A process of its own because the app loads as Node loads it (Jest
 * cannot: a CommonJS dependency requires an ES module).
 */
const config = { ...loadConfig(), redisUrl: '' };
const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, {} as DataSource), { preview: true, logger: false, abortOnError: false });
process.stdout.write(`${JSON.stringify(routeHandlers(app))}\n`, () => process.exit(0));
