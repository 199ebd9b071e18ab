import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { transformFileSync } from '@swc/core';
import { generateSchool } from './problem-generator.js';
import * as fromSources from './run-in-worker.js';
import type { ScheduleProgress } from './schedule-problem.js';
import { schedule } from './scheduler.js';

/**
 * The worker is the compiled schedule.worker.js beside run-in-worker.js, which jest (running the TypeScript sources)
 * has not got: these tests compile the worker's files to a temporary folder, as `tsc` lays them out in dist/, and run
 * the real thread from there.
 */
const FILES = ['run-in-worker', 'schedule.worker', 'scheduler', 'placement-rules', 'soft-score', 'schedule-problem'];
let dir = '';
let compiled: typeof fromSources;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'schedule-worker-'));
  writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
  const here = fileURLToPath(new URL('.', import.meta.url));
  for (const f of FILES) {
    const { code } = transformFileSync(join(here, `${f}.ts`), { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'es6' } });
    writeFileSync(join(dir, `${f}.js`), code);
  }
  compiled = (await import(pathToFileURL(join(dir, 'run-in-worker.js')).href)) as typeof fromSources;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const problem = generateSchool({ seed: 2, classes: 24, teachers: 40, teachingClasses: 2 });

describe('the scheduler in a worker thread', () => {
  it('answers what the same search answers in-process, reporting progress on the way', async () => {
    const options = { seed: 5, timeLimitMs: 30_000, maxIterations: 200_000, progressEveryMs: 10 };
    const progress: ScheduleProgress[] = [];
    const result = await compiled.runScheduleInWorker(problem, options, (p) => progress.push(p));
    const inProcess = schedule(problem, options);
    expect(result.placements).toEqual(inProcess.placements);
    expect(result.score).toEqual(inProcess.score);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toMatchObject({ total: problem.demands.reduce((s, d) => s + d.periods, 0) });
  });

  it('stops at once when aborted, and reports nothing after', async () => {
    const controller = new AbortController();
    let reports = 0;
    let abortedAt = 0;
    // aborted once the search is under way (its first report), with a minute of work left
    const run = compiled.runScheduleInWorker(generateSchool({ seed: 1 }), { timeLimitMs: 60_000, progressEveryMs: 10, signal: controller.signal }, () => {
      if (++reports === 1) {
        setTimeout(() => {
          abortedAt = performance.now();
          controller.abort(new Error('shutting down'));
        }, 100);
      }
    });
    await expect(run).rejects.toThrow('shutting down');
    expect(performance.now() - abortedAt).toBeLessThan(1_000);
    const then = reports;
    // the thread is gone: this process (its threads included) stays idle, where the search would keep a core busy
    const cpu = process.cpuUsage();
    await new Promise((resolve) => setTimeout(resolve, 400));
    const used = process.cpuUsage(cpu);
    expect((used.user + used.system) / 1000).toBeLessThan(200);
    expect(reports).toBe(then);
  });

  it('does not start when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    await expect(compiled.runScheduleInWorker(problem, { signal: controller.signal })).rejects.toThrow('cancelled');
  });

  it('runs in-process from the TypeScript sources (jest), with the same answer', async () => {
    const options = { seed: 5, timeLimitMs: 30_000, maxIterations: 50_000 };
    const result = await fromSources.runScheduleInWorker(problem, options);
    expect(result.placements).toEqual(schedule(problem, options).placements);
  });
});
