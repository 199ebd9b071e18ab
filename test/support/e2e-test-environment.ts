import type { ChildProcess } from 'node:child_process';
import { Agent } from 'node:http';
import { TestEnvironment as NodeEnvironment } from 'jest-environment-node';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/** Where a test file's helpers list the servers they started (the file's global, which this environment owns). */
export const CHILDREN_KEY = '__schoolflowServers__';

/**
 * The worker's connection to the run's Chromium and the contexts its files' finished tests gave back, emptied: kept
 * across the worker's files (test/support/browser.ts; docs/adr/0077). The key is e2e-environment.ts's SHARED_PAGES_KEY.
 */
const pages: { browser?: Promise<Browser>; idle: { context: BrowserContext }[] } = { idle: [] };

/**
 * The worker's kept-alive connections to its own server, the one the global setup started for it and stops at the end
 * of the run (test/support/plain-request.ts). Kept across the worker's files, as the server is. Idle ones are closed
 * after 30 s, well before the server's 65 s (docs/adr/0076), so a request never meets a connection the server is
 * closing. The key is plain-request.ts's WORKER_AGENT_KEY.
 */
const workerAgent = new Agent({ keepAlive: true, timeout: 30_000 });

/**
 * The e2e test files' environment: Node's, plus one duty at the end of each file — a server the file started and did
 * not stop (its teardown failed or never ran) is stopped here, after every hook of the file, so one failing file
 * cannot leave a server running beside the next files or keep the run from ending (docs/adr/0030).
 */
export default class E2ETestEnvironment extends NodeEnvironment {
  /** This file's servers: a set of its own, which the file's helpers find on their global and fill. */
  private readonly started = new Set<ChildProcess>();

  override async setup(): Promise<void> {
    await super.setup();
    (this.global as Record<string, unknown>)[CHILDREN_KEY] = this.started;
    // Loaded once per worker, here, instead of once per file in its module registry (docs/adr/0062-suite-per-file-cost.md).
    // The key is e2e-environment.ts's SHARED_PLAYWRIGHT_KEY (this file imports no relative module: Jest loads it outside
    // its module mapper).
    (this.global as Record<string, unknown>)['__schoolflowPlaywright__'] = { chromium };
    (this.global as Record<string, unknown>)['__schoolflowPages__'] = pages;
    (this.global as Record<string, unknown>)['__schoolflowWorkerAgent__'] = workerAgent;
  }

  override async teardown(): Promise<void> {
    // a context the file opened and neither closed nor gave back does not outlive the file, as when each file had its own
    // connection
    const browser = await pages.browser?.catch(() => undefined);
    if (browser?.isConnected()) {
      const idle = new Set(pages.idle.map((e) => e.context));
      await Promise.all(browser.contexts().filter((c) => !idle.has(c)).map((c) => c.close().catch(() => undefined)));
    }
    const left = [...this.started].filter((c) => c.exitCode === null && c.signalCode === null);
    if (left.length > 0) process.stderr.write(`stopping ${left.length} server(s) a test file left running\n`);
    await Promise.all(
      left.map(
        (child) =>
          new Promise<void>((resolve) => {
            const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
            child.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
    await super.teardown();
  }
}
