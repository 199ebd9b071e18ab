import { Injectable } from '@nestjs/common';
import type { CustomPageSummary, CustomPageVersion } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { PageAccess } from '../../domain/page-access.js';
import { PagesRepository } from '../../domain/pages.repository.js';
import { PagesErrors } from '../../pages.errors.js';

/** 页面管理's list (every page with the menus that carry it), and one page's kept versions: editors only. */
@Injectable()
export class ListPages {
  constructor(
    private readonly db: DataSource,
    private readonly pages: PagesRepository,
    private readonly access: PageAccess,
  ) {}

  async execute(me: Principal, client: ClientInfo): Promise<CustomPageSummary[]> {
    await this.access.mayEdit(me, client, 'page.list', null);
    return this.pages.list(this.db);
  }

  async versions(id: string, me: Principal, client: ClientInfo): Promise<CustomPageVersion[]> {
    await this.access.mayEdit(me, client, 'page.versions', id);
    if (!(await this.pages.exists(this.db, id))) throw PagesErrors.notFound();
    return this.pages.versions(this.db, id);
  }
}
