import { startTopology } from '../test/support/topology.js';

/**
 * `npm run topology`: the production topology without Docker — two app instances on one PostgreSQL database and one
 * Redis, behind HAProxy (Debian's package) — as docker-compose.yml describes it and the proxy test runs it.
 *   DATABASE_URL   a superuser's connection string: the database `schoolflow_topology` is provisioned there
 *                  (its own non-superuser roles, docs/adr/0014) and kept between runs
 *   REDIS_URL      the Redis both instances share (default redis://127.0.0.1:6379)
 *   PORT           the proxy's port (default 8080)
 * Ctrl-C stops the instances and the proxy.
 */
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) {
  process.stderr.write('npm run topology needs DATABASE_URL (a superuser of a PostgreSQL server: the database is provisioned there)\n');
  process.exit(2);
}
const topology = await startTopology({
  adminUrl,
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  proxyPort: Number(process.env.PORT ?? 8080),
  databaseName: 'schoolflow_topology',
  production: true,
});
process.stdout.write(
  `SchoolFlow behind HAProxy: ${topology.url}\n  instance a: ${topology.instances.a.url}\n  instance b: ${topology.instances.b.url}\n  database: ${topology.database.name}\nCtrl-C to stop.\n`,
);
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void topology.stop().then(() => process.exit(0));
  });
}
