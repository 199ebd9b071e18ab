import { Inject, Injectable } from '@nestjs/common';
import { formatSchoolTime, type Language, type ZoubanProgress } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { ClassWalkingErrors } from '../../class-walking.errors.js';
import { ClassWalkingAccess } from '../../domain/class-walking-access.js';
import { ClassWalkingRepository } from '../../domain/class-walking.repository.js';
import { combinationName } from '../../domain/window-view.js';

/**
 * A class's progress in a window (docs/product/class-walking-and-registrations.md#progress): its head teacher (the
 * class they head of the window's grade when none is named) or a manager; each student with their combination.
 */
@Injectable()
export class ZoubanClassProgress {
  constructor(
    private readonly db: DataSource,
    private readonly windows: ClassWalkingRepository,
    private readonly access: ClassWalkingAccess,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async execute(windowId: string, classId: string | undefined, me: Principal, client: ClientInfo, lang: Language): Promise<ZoubanProgress> {
    const w = await this.windows.window(this.db, windowId);
    if (!w) throw ClassWalkingErrors.notFound();
    const headed = (await this.windows.headOf(this.db, me.userId)).filter((c) => c.grade === w.grade);
    const id = classId ?? headed[0]?.id;
    const cls = id ? await this.windows.classOf(this.db, id) : null;
    const mayRead = cls !== null && cls.grade === w.grade && (this.access.manages(me) || cls.head_teacher_id === me.userId);
    if (!cls || !mayRead) {
      await this.access.refused(me, client, 'zouban.progress', windowId, 'class-walking.errors.notHeadTeacher');
      throw ClassWalkingErrors.notHeadTeacher();
    }
    const students = await this.windows.progress(this.db, windowId, cls.id);
    const courses = new Map((await this.windows.courses(this.db, w.groups.flatMap((g) => g.courseIds), lang)).map((c) => [c.id, c]));
    return {
      classId: cls.id,
      className: cls.name,
      chosen: students.filter((s) => s.course_ids).length,
      total: students.length,
      students: students.map((s) => ({
        studentId: s.student_id,
        studentNo: s.student_no,
        name: s.name,
        combination: s.course_ids ? combinationName(w, courses, s.course_ids) : null,
        chosenAt: s.chosen_at ? formatSchoolTime(s.chosen_at.getTime(), this.config.timeZone) : null,
      })),
    };
  }
}
