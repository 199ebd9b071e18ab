import { bootstrap } from './bootstrap.js';
import { logger } from './infrastructure/logging/logger.js';

const running = await bootstrap().catch((err: unknown) => {
  logger.fatal({ err }, 'SchoolFlow failed to start');
  process.exit(1);
});

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    running.close().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
