import { roleQueryUrlFor } from '../../config/app-config.js';
import { partsOf, provisionDatabase } from './provision.js';

/**
 * `npm run db:provision`: prepares a database for the platform (docs/adr/0014), run once by whoever may create roles.
 *   PROVISION_ADMIN_URL        a superuser's connection string (any database of the server)
 *   DATABASE_URL               the app's connection string: its user, password and database are created
 *   ROLE_QUERY_DATABASE_URL    the dynamic-role SQL account (default: user schoolflow_role_query, no password)
 * The app then runs with DATABASE_URL (and ROLE_QUERY_DATABASE_URL) and needs no superuser.
 */
const adminUrl = process.env.PROVISION_ADMIN_URL;
const appUrl = process.env.DATABASE_URL;
if (!adminUrl || !appUrl) {
  process.stderr.write('db:provision needs PROVISION_ADMIN_URL (a superuser) and DATABASE_URL (the app\'s role and database)\n');
  process.exit(2);
}
const app = partsOf(appUrl);
const roleQuery = partsOf(process.env.ROLE_QUERY_DATABASE_URL || roleQueryUrlFor(appUrl));
try {
  await provisionDatabase({ adminUrl, database: app.database, app: { user: app.user, password: app.password }, roleQuery: { user: roleQuery.user, password: roleQuery.password } });
  process.stdout.write(`provisioned database "${app.database}": owner "${app.user}" (no superuser), dynamic-role SQL account "${roleQuery.user}" (read-only, role_query views)\n`);
} catch (err) {
  process.stderr.write(`db:provision failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
