import { Injectable } from '@nestjs/common';
import type { CustomPageSummary } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { PageAccess } from '../../domain/page-access.js';
import { PagesRepository } from '../../domain/pages.repository.js';
import { PagesErrors } from '../../pages.errors.js';

/** 发布 / 取消发布: only a published page shows to the roles of the menus that carry it (editors see it either way). */
@Injectable()
export class PublishPage {
  constructor(
    private readonly db: DataSource,
    private readonly pages: PagesRepository,
    private readonly access: PageAccess,
  ) {}

  async execute(id: string, published: boolean, me: Principal, client: ClientInfo): Promise<CustomPageSummary> {
    await this.access.mayEdit(me, client, 'page.publish', id);
    if (!(await this.pages.publish(this.db, id, published, me.userId))) throw PagesErrors.notFound();
    await this.access.record(me, client, 'page.publish', id, { published });
    return (await this.pages.summary(this.db, id)) as CustomPageSummary;
  }
}
