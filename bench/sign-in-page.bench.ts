/**
 * npm run bench:sign-in
 *
 * What the sign-in page (/login) costs a browser arriving cold: the JavaScript and CSS it transfers (bytes on the
 * wire, as the server sends them, and the brotli copies of the same files), and its Largest Contentful Paint, in the
 * system Chromium against the built server. Baseline in the same run: the page's own rendered markup with the same
 * stylesheets and no script, served from the same origin — the paint a page without any JavaScript would get.
 *
 * Two network conditions, each with a fresh browser context per load (nothing cached): the loopback as it is, and an
 * emulated school broadband line (BENCH_RTT_MS 40 ms round trip, BENCH_MBPS 20 Mbit/s down).
 *
 * Knobs: BENCH_LOADS (9 per condition and page), BENCH_RTT_MS (40), BENCH_MBPS (20).
 */
import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type CDPSession } from 'playwright-core';
import { CHROMIUM_PATH } from '../test/support/browser.js';
import { requireProgram } from '../test/support/e2e-environment.js';
import { type BenchServer, runMain, withBenchServer } from './support/bench-server.js';
import { describeContext } from './support/machine.js';
import { ms, summarise, table } from './support/stats.js';

const LOADS = Number(process.env.BENCH_LOADS ?? 9);
const RTT_MS = Number(process.env.BENCH_RTT_MS ?? 40);
const MBPS = Number(process.env.BENCH_MBPS ?? 20);
/** The targets (issue 23, item 6). */
const TARGET_JS_BYTES = 150 * 1024;
const TARGET_LCP_MS = 1200;

const WEB_DIST = fileURLToPath(new URL('../../dist/web/', import.meta.url));

interface Network {
  name: string;
  /** CDP Network.emulateNetworkConditions, or none for the loopback as it is. */
  conditions?: { latency: number; downloadThroughput: number; uploadThroughput: number };
}

const NETWORKS: Network[] = [
  { name: 'loopback' },
  {
    name: `${RTT_MS} ms RTT, ${MBPS} Mbit/s`,
    conditions: { latency: RTT_MS, downloadThroughput: (MBPS * 1_000_000) / 8, uploadThroughput: (MBPS * 1_000_000) / 8 },
  },
];

interface Load {
  lcpMs: number;
  /** Bytes on the wire (headers excluded) per resource type. */
  wire: { script: number; stylesheet: number; document: number; other: number };
  /** Paths of the scripts and stylesheets requested. */
  assets: string[];
}

const CHROMIUM_ARGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-dev-shm-usage'];

/** Largest Contentful Paint of the page so far (the last candidate reported, buffered). */
const LCP_SCRIPT = `new Promise((resolve) => {
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    const last = entries[entries.length - 1];
    resolve(last ? last.startTime : -1);
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  setTimeout(() => resolve(-1), 5000);
})`;

async function loadOnce(browser: Browser, url: string, network: Network, waitFor: string, staticHtml?: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'zh-CN' });
  try {
    const page = await context.newPage();
    if (staticHtml !== undefined) {
      await page.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: staticHtml }));
    }
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (network.conditions) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...network.conditions });
    const types = new Map<string, { type: string; url: string }>();
    const wire: Load['wire'] = { script: 0, stylesheet: 0, document: 0, other: 0 };
    const assets: string[] = [];
    cdp.on('Network.responseReceived', (e) => {
      types.set(e.requestId, { type: e.type, url: e.response.url });
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = types.get(e.requestId);
      if (!r) return;
      const key = r.type === 'Script' ? 'script' : r.type === 'Stylesheet' ? 'stylesheet' : r.type === 'Document' ? 'document' : 'other';
      wire[key] += e.encodedDataLength;
      if (key === 'script' || key === 'stylesheet') assets.push(new URL(r.url).pathname);
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForSelector(waitFor, { timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    const lcpMs = (await page.evaluate(LCP_SCRIPT)) as number;
    return { lcpMs, wire, assets };
  } finally {
    await context.close();
  }
}

/** The size of a built asset's brotli copy (as spa-files.ts would send it), or the file's own size. */
function brotliSize(path: string): number {
  const file = `${WEB_DIST}${path.replace(/^\//, '')}`;
  if (existsSync(`${file}.br`)) return readFileSync(`${file}.br`).length;
  return existsSync(file) ? readFileSync(file).length : 0;
}

/** The login page as painted, scripts removed: the same markup and stylesheets with no JavaScript at all. */
async function staticCopy(browser: Browser, url: string): Promise<string> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'zh-CN' });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForSelector('[data-testid="login-form"]');
    return await page.evaluate(() => {
      for (const s of Array.from(document.querySelectorAll('script, link[rel="modulepreload"]'))) s.remove();
      return `<!doctype html>${document.documentElement.outerHTML}`;
    });
  } finally {
    await context.close();
  }
}

async function bench(server: BenchServer): Promise<void> {
  const out = (line = ''): void => {
    process.stdout.write(`${line}\n`);
  };
  out('# bench:sign-in — the sign-in page arriving cold: JavaScript and CSS transferred, Largest Contentful Paint');
  for (const line of await describeContext(server.databaseUrl)) out(line);
  const browser = await chromium.launch({ executablePath: requireProgram(CHROMIUM_PATH, 'chromium'), args: CHROMIUM_ARGS });
  out(`browser:    ${browser.version()} headless, 1366×768, no cache, a new context per load; ${LOADS} loads per row`);
  out();
  try {
    const url = `${server.url}/login`;
    const html = await staticCopy(browser, url);
    const rows: string[][] = [];
    let assets: string[] = [];
    let wire: Load['wire'] | undefined;
    const lcpByNetwork = new Map<string, number>();
    for (const network of NETWORKS) {
      for (const [label, staticHtml] of [['sign-in page', undefined], ['baseline: its markup, no script', html]] as const) {
        // One load first, not counted: the server's first answers and Chromium's first context are slower.
        await loadOnce(browser, url, network, '[data-testid="login-form"]', staticHtml);
        const loads: Load[] = [];
        for (let i = 0; i < LOADS; i++) loads.push(await loadOnce(browser, url, network, '[data-testid="login-form"]', staticHtml));
        const lcp = summarise(loads.map((l) => l.lcpMs));
        const last = loads[loads.length - 1];
        if (staticHtml === undefined && last) {
          assets = last.assets;
          wire = last.wire;
          lcpByNetwork.set(network.name, lcp.p50);
        }
        rows.push([`${label} (${network.name})`, ms(lcp.p50), ms(summarise(loads.map((l) => l.lcpMs)).max), String(last?.wire.script ?? 0), String(last?.wire.stylesheet ?? 0)]);
      }
    }
    out(table(['', 'LCP p50', 'LCP max', 'JS bytes on the wire', 'CSS bytes on the wire'], rows));
    const scripts = assets.filter((a) => a.endsWith('.js'));
    const styles = assets.filter((a) => a.endsWith('.css'));
    const jsBr = scripts.reduce((s, a) => s + brotliSize(a), 0);
    const cssBr = styles.reduce((s, a) => s + brotliSize(a), 0);
    out();
    out(`scripts requested (${scripts.length}), brotli size of each as built:`);
    for (const a of [...scripts].sort((x, y) => brotliSize(y) - brotliSize(x))) out(`  ${String(brotliSize(a)).padStart(8)}  ${a}`);
    out(`stylesheets requested (${styles.length}): ${cssBr} bytes brotli`);
    out();
    out(`JavaScript: ${(jsBr / 1024).toFixed(1)} KB brotli (${((wire?.script ?? 0) / 1024).toFixed(1)} KB on the wire as Chromium negotiated it)` +
      ` ← target ≤ ${TARGET_JS_BYTES / 1024} KB compressed → ${jsBr <= TARGET_JS_BYTES ? 'MET' : 'NOT MET'}`);
    for (const [name, lcp] of lcpByNetwork) out(`LCP p50 (${name}): ${ms(lcp)} ← target ≤ ${TARGET_LCP_MS} ms → ${lcp <= TARGET_LCP_MS ? 'MET' : 'NOT MET'}`);
  } finally {
    await browser.close();
  }
}

runMain(() => withBenchServer(bench));
