import pg from 'pg';
import { DataSource } from 'typeorm';
import { migrations } from '../../../../../migrations/index.js';
import { resourceEntitySchemas } from '../../resources/resource-entities.js';
import { databaseOutage } from './database-outage.js';

/**
 * A pg client that always has an 'error' listener. A client checked out of the pool has none of the pool's (pg-pool
 * removes its idle listener while the client is lent), so a connection the server ends while a holder is between
 * statements — the LISTEN connection, a group-commit lane, a subscription's transaction, a job's — emitted an
 * 'error' nobody heard, and Node ended the process. Now the error is noted (one log line per outage); the holder
 * learns of it from its next statement, and pg-pool drops the broken client when it is released.
 */
export class GuardedClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on('error', (err) => databaseOutage.lost(err));
  }
}

/** One TypeORM DataSource for the app; schema changes only through the migrations in `migrations/`. */
export function createDataSource(url: string, poolSize = 20): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    migrations,
    // The resource kit's entity schemas, made from the declarations (docs/adr/0023).
    entities: resourceEntitySchemas(),
    migrationsTableName: 'schema_migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
    // A connection that cannot be had within 5 s fails the request (503) instead of holding it while the database is away.
    extra: { max: poolSize, application_name: 'schoolflow', Client: GuardedClient, connectionTimeoutMillis: 5_000 },
  });
}
