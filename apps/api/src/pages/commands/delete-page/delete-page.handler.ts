import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { PageAccess } from '../../domain/page-access.js';
import { PagesRepository } from '../../domain/pages.repository.js';
import { PagesErrors } from '../../pages.errors.js';

/** 删除 a page with its versions; a menu still carrying it shows "not found" (the menu is the administrator's to change). */
@Injectable()
export class DeletePage {
  constructor(
    private readonly db: DataSource,
    private readonly pages: PagesRepository,
    private readonly access: PageAccess,
  ) {}

  async execute(id: string, me: Principal, client: ClientInfo): Promise<void> {
    await this.access.mayEdit(me, client, 'page.delete', id);
    const gone = await this.db.transaction((tx) => this.pages.delete(tx, id));
    if (!gone) throw PagesErrors.notFound();
    await this.access.record(me, client, 'page.delete', id);
  }
}
