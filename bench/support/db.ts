import pg from 'pg';

/**
 * A connected pg client of the bench. An idle client's connection can be ended under it (the cleanup drops the
 * database WITH (FORCE) after a Ctrl-C): that must not crash the bench with an unhandled 'error' event.
 */
export async function openDb(connectionString: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString });
  client.on('error', (err: Error & { code?: string }) => {
    if (err.code !== '57P01') process.stderr.write(`bench database connection: ${err.message}\n`); // 57P01: terminated by the drop
  });
  await client.connect();
  return client;
}
