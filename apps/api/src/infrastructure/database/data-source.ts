import { DataSource } from 'typeorm';
import { migrations } from '../../../../../migrations/index.js';

/** One TypeORM DataSource for the app; schema changes only through the migrations in `migrations/`. */
export function createDataSource(url: string, poolSize = 20): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    migrations,
    migrationsTableName: 'schema_migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
    extra: { max: poolSize, application_name: 'schoolflow' },
  });
}
