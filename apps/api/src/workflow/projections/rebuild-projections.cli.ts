import pg from 'pg';
import { loadConfig } from '../../config/app-config.js';
import { startEmbeddedPostgres } from '../../infrastructure/database/embedded-postgres.js';
import { rebuildProjections } from './rebuild-projections.js';

/**
 * `npm run projections:rebuild`: the workflow read models and the flows' held rows made again from the events (docs/adr/0019, 0031), on the
 * database the app uses — DATABASE_URL, or the embedded one under DATA_DIR when none is set (stop the app first:
 * the embedded database is the app's own process's). Safe beside running instances on a shared database: writers
 * wait for the rebuild's lock, readers do not.
 */
const config = loadConfig();
let stop: (() => Promise<void>) | undefined;
let url = config.databaseUrl;
if (!url) {
  const embedded = await startEmbeddedPostgres(config.dataDir, config.embeddedPgPort);
  url = embedded.url;
  stop = embedded.stop;
}
const client = new pg.Client({ connectionString: url });
try {
  await client.connect();
  const started = performance.now();
  const report = await rebuildProjections(client);
  process.stdout.write(
    `rebuilt ${report.instances} instances and ${report.tasks} tasks from the events in ${Math.round(performance.now() - started)} ms` +
      (report.keptOwners ? ` (${report.keptOwners} started before start reads were recorded kept their owners)` : '') +
      `; ${report.held} rows the flows hold in their own tables` +
      (report.keptHolds ? ` (${report.keptHolds} instances started before holds were recorded kept theirs)` : '') +
      '\n',
  );
} catch (err) {
  process.stderr.write(`projections:rebuild failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
} finally {
  await client.end().catch(() => undefined);
  if (stop) await stop().catch(() => undefined);
}
