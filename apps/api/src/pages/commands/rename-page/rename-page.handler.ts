import { Injectable } from '@nestjs/common';
import type { CustomPageSummary, PageNameInput } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { PageAccess } from '../../domain/page-access.js';
import { PagesRepository } from '../../domain/pages.repository.js';
import { PagesErrors } from '../../pages.errors.js';

/** 重命名 a page (its layout and version unchanged). */
@Injectable()
export class RenamePage {
  constructor(
    private readonly db: DataSource,
    private readonly pages: PagesRepository,
    private readonly access: PageAccess,
  ) {}

  async execute(id: string, input: PageNameInput, me: Principal, client: ClientInfo): Promise<CustomPageSummary> {
    await this.access.mayEdit(me, client, 'page.rename', id);
    if (!(await this.pages.rename(this.db, id, input.name, me.userId))) throw PagesErrors.notFound();
    await this.access.record(me, client, 'page.rename', id, { name: input.name });
    return (await this.pages.summary(this.db, id)) as CustomPageSummary;
  }
}
