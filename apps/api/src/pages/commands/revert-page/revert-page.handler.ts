import { Injectable } from '@nestjs/common';
import type { CustomPage } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { PageAccess } from '../../domain/page-access.js';
import { PagesRepository } from '../../domain/pages.repository.js';
import { PagesErrors } from '../../pages.errors.js';
import { GetPage } from '../../queries/get-page/get-page.query.js';

/** 恢复 a kept layout: it becomes the current one at a new version, the current one kept in turn (nothing is lost). */
@Injectable()
export class RevertPage {
  constructor(
    private readonly db: DataSource,
    private readonly pages: PagesRepository,
    private readonly access: PageAccess,
    private readonly reading: GetPage,
  ) {}

  async execute(id: string, version: number, me: Principal, client: ClientInfo): Promise<CustomPage> {
    await this.access.mayEdit(me, client, 'page.revert', id);
    await this.db.transaction(async (tx) => {
      const page = await this.pages.get(tx, id, true);
      if (!page) throw PagesErrors.notFound();
      const layout = await this.pages.version(tx, id, version);
      if (!layout) throw PagesErrors.versionNotFound();
      // its pictures were on this page, so they stay allowed
      await this.pages.replaceLayout(tx, page, layout, me.userId);
    });
    await this.access.record(me, client, 'page.revert', id, { version });
    return this.reading.execute(id, me, client);
  }
}
