/**
 * Runs before each e2e test file (jest `setupFiles`): points the file's helpers (E2E_BASE_URL, E2E_DATABASE_URL) at
 * the server of the Jest worker it runs in — one server and database per worker, made by the global setup, so files
 * of two workers never share a database (docs/adr/0030).
 */
const worker = process.env.JEST_WORKER_ID ?? '1';
const url = process.env[`E2E_BASE_URL_${worker}`];
const db = process.env[`E2E_DATABASE_URL_${worker}`];
if (url && db) {
  process.env.E2E_BASE_URL = url;
  process.env.E2E_DATABASE_URL = db;
}
