import { Injectable } from '@nestjs/common';
import type { CustomPage } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { PageAccess } from '../../domain/page-access.js';
import { PagesRepository } from '../../domain/pages.repository.js';
import { PagesErrors } from '../../pages.errors.js';

/**
 * One page to show: to an editor always; to anyone else when it is published and a menu of their roles carries it —
 * otherwise not found (a reach for a page that exists is logged as a refusal).
 */
@Injectable()
export class GetPage {
  constructor(
    private readonly db: DataSource,
    private readonly pages: PagesRepository,
    private readonly access: PageAccess,
  ) {}

  async execute(id: string, me: Principal, client: ClientInfo): Promise<CustomPage> {
    const page = await this.pages.get(this.db, id);
    if (!page || !(await this.access.mayView(me, id, page.published))) {
      if (page) await this.access.refused(me, client, 'page.read', id, 'pages.errors.notFound');
      throw PagesErrors.notFound();
    }
    return { id: page.id, name: page.name, published: page.published, version: page.version, layout: page.layout, editable: this.access.edits(me), updatedAt: page.updatedAt.toISOString() };
  }
}
