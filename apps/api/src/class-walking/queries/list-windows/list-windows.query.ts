import { Inject, Injectable } from '@nestjs/common';
import { formatSchoolTime, type Language, type ZoubanMyChoice, type ZoubanTeachingClass, type ZoubanWindow } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { ClassWalkingErrors } from '../../class-walking.errors.js';
import { ClassWalkingAccess } from '../../domain/class-walking-access.js';
import { ClassWalkingRepository, type WindowRow } from '../../domain/class-walking.repository.js';
import { combinationName, windowView } from '../../domain/window-view.js';

/**
 * The windows one may see (managers: all; a head teacher: their classes' grades; a student: their grade's), a
 * student's own choice, and the teaching classes a window generated.
 */
@Injectable()
export class ListZoubanWindows {
  constructor(
    private readonly db: DataSource,
    private readonly windows: ClassWalkingRepository,
    private readonly access: ClassWalkingAccess,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async execute(me: Principal, lang: Language): Promise<ZoubanWindow[]> {
    let grades: number[] | null = null;
    if (!this.access.manages(me)) {
      const student = await this.windows.student(this.db, me.userId);
      grades = [...new Set([...(student ? [student.grade] : []), ...(await this.windows.headOf(this.db, me.userId)).map((c) => c.grade)])];
    }
    const list = await this.windows.windows(this.db, grades, lang);
    return this.views(list, lang);
  }

  async mine(windowId: string, me: Principal, lang: Language): Promise<ZoubanMyChoice> {
    const w = await this.windows.window(this.db, windowId);
    if (!w) throw ClassWalkingErrors.notFound();
    const student = await this.windows.student(this.db, me.userId);
    if (!student || student.grade !== w.grade) throw ClassWalkingErrors.notStudent();
    const c = await this.windows.choice(this.db, windowId, student.id);
    if (!c) return { windowId, courseIds: [], combination: null, chosenAt: null };
    const courses = new Map((await this.windows.courses(this.db, c.course_ids, lang)).map((x) => [x.id, x]));
    return { windowId, courseIds: c.course_ids, combination: combinationName(w, courses, c.course_ids), chosenAt: formatSchoolTime(c.chosen_at.getTime(), this.config.timeZone) };
  }

  async classes(windowId: string, me: Principal, client: ClientInfo, lang: Language): Promise<ZoubanTeachingClass[]> {
    await this.access.mayManage(me, client, 'zouban.classes', windowId);
    if (!(await this.windows.window(this.db, windowId))) throw ClassWalkingErrors.notFound();
    return this.windows.generatedClasses(this.db, windowId, lang);
  }

  private async views(list: readonly WindowRow[], lang: Language): Promise<ZoubanWindow[]> {
    const courses = new Map((await this.windows.courses(this.db, [...new Set(list.flatMap((w) => w.groups.flatMap((g) => g.courseIds)))], lang)).map((c) => [c.id, c]));
    const now = Date.now();
    return list.map((w) => windowView(w, courses, now, this.config.timeZone));
  }
}
