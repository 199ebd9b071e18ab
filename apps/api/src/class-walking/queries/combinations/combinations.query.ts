import { Injectable } from '@nestjs/common';
import type { Language, ZoubanCombinationCount } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { ClassWalkingErrors } from '../../class-walking.errors.js';
import { ClassWalkingAccess } from '../../domain/class-walking-access.js';
import { ClassWalkingRepository } from '../../domain/class-walking.repository.js';
import { combinationName } from '../../domain/window-view.js';

/** The office's counts: students per combination, largest first (counted in SQL). */
@Injectable()
export class ZoubanCombinations {
  constructor(
    private readonly db: DataSource,
    private readonly windows: ClassWalkingRepository,
    private readonly access: ClassWalkingAccess,
  ) {}

  async execute(windowId: string, me: Principal, client: ClientInfo, lang: Language): Promise<ZoubanCombinationCount[]> {
    await this.access.mayManage(me, client, 'zouban.combinations', windowId);
    const w = await this.windows.window(this.db, windowId);
    if (!w) throw ClassWalkingErrors.notFound();
    const courses = new Map((await this.windows.courses(this.db, w.groups.flatMap((g) => g.courseIds), lang)).map((c) => [c.id, c]));
    return (await this.windows.combinations(this.db, windowId)).map((r) => ({ combination: combinationName(w, courses, r.course_ids), courseIds: r.course_ids, count: r.count }));
  }
}
