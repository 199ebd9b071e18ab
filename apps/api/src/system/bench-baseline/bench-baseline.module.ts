import { Module } from '@nestjs/common';
import { BenchBaselineController } from './bench-baseline.controller.js';

/** Imported by the app only when BENCH_BASELINE_ENDPOINT is on (app.module.ts). */
@Module({ controllers: [BenchBaselineController] })
export class BenchBaselineModule {}
