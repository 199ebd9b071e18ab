import { Injectable } from '@nestjs/common';
import type { CustomPage, PageLayoutSave } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { PageAccess } from '../../domain/page-access.js';
import { picturesOf, storedLayout } from '../../domain/page-layout.js';
import { PagesRepository } from '../../domain/pages.repository.js';
import { PagesErrors } from '../../pages.errors.js';
import { GetPage } from '../../queries/get-page/get-page.query.js';

/**
 * 保存 the designer's layout (docs/adr/0056-custom-pages.md#versions): made from the current version (else 409, another
 * editor saved in between), the text cards sanitised, the pictures the editor's own uploads; the layout it replaces
 * kept as a version (the last ten).
 */
@Injectable()
export class SaveLayout {
  constructor(
    private readonly db: DataSource,
    private readonly pages: PagesRepository,
    private readonly access: PageAccess,
    private readonly reading: GetPage,
  ) {}

  async execute(id: string, input: PageLayoutSave, me: Principal, client: ClientInfo): Promise<CustomPage> {
    await this.access.mayEdit(me, client, 'page.save', id);
    const layout = storedLayout(input.layout);
    await this.db.transaction(async (tx) => {
      const page = await this.pages.get(tx, id, true);
      if (!page) throw PagesErrors.notFound();
      if (page.version !== input.baseVersion) throw PagesErrors.staleVersion();
      if ((await this.pages.foreignPictures(tx, id, me.userId, picturesOf(layout))).length > 0) throw PagesErrors.pictureNotYours();
      await this.pages.replaceLayout(tx, page, layout, me.userId);
    });
    await this.access.record(me, client, 'page.save', id, { cards: layout.cards.length });
    return this.reading.execute(id, me, client);
  }
}
