import { Injectable } from '@nestjs/common';
import type { CustomPageSummary, PageNameInput } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { PageAccess } from '../../domain/page-access.js';
import { PagesRepository } from '../../domain/pages.repository.js';

/** 新建页面: an empty page, not published, carried by no menu yet. */
@Injectable()
export class CreatePage {
  constructor(
    private readonly db: DataSource,
    private readonly pages: PagesRepository,
    private readonly access: PageAccess,
  ) {}

  async execute(input: PageNameInput, me: Principal, client: ClientInfo): Promise<CustomPageSummary> {
    await this.access.mayEdit(me, client, 'page.create', null);
    const id = await this.pages.insert(this.db, input.name, me.userId);
    await this.access.record(me, client, 'page.create', id, { name: input.name });
    return (await this.pages.summary(this.db, id)) as CustomPageSummary;
  }
}
