import { Module } from '@nestjs/common';
import { AdminAudit } from '../admin/shared/admin-support.js';
import { SystemModule } from '../system/system.module.js';
import { ImportOverrides } from './commands/import-overrides/import-overrides.handler.js';
import { ResetOverride } from './commands/reset-override/reset-override.handler.js';
import { SaveOverride } from './commands/save-override/save-override.handler.js';
import { UiStringOverrides } from './domain/ui-string-overrides.js';
import { UiStringsAccess } from './domain/ui-strings-access.js';
import { UiStringsRepository } from './domain/ui-strings.repository.js';
import { ListUiStrings } from './queries/list-ui-strings/list-ui-strings.query.js';
import { UiStringsController } from './ui-strings.controller.js';

/**
 * 界面语言 (DESIGN §16 `/server/api/ui-strings`; docs/product/administration.md#interface-languages,
 * docs/adr/0065-interface-languages.md): overrides of the shipped interface strings, merged by the browser and by the
 * server's translator (UiStringOverrides, reloaded on the database's announcement); refusals in ui-strings.errors.ts.
 */
@Module({
  imports: [SystemModule],
  controllers: [UiStringsController],
  providers: [AdminAudit, UiStringsRepository, UiStringsAccess, UiStringOverrides, ListUiStrings, SaveOverride, ResetOverride, ImportOverrides],
})
export class UiStringsModule {}
