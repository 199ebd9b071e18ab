import { Global, Module } from '@nestjs/common';
import { DictionariesRepository } from './domain/dictionaries.repository.js';
import { OperationLogRepository } from './domain/operation-log.repository.js';
import { OperationLogService } from './domain/operation-log.service.js';
import { SystemConfigService } from './domain/system-config.service.js';
import { AppConfigController } from './queries/app-config/app-config.controller.js';
import { HealthController } from './queries/health/health.controller.js';
import { OperationLogsController } from './queries/operation-logs/operation-logs.controller.js';
import { DictsController } from './queries/dicts/dicts.controller.js';

@Global()
@Module({
  controllers: [AppConfigController, HealthController, OperationLogsController, DictsController],
  providers: [OperationLogService, OperationLogRepository, DictionariesRepository, SystemConfigService],
  exports: [OperationLogService, SystemConfigService],
})
export class SystemModule {}
