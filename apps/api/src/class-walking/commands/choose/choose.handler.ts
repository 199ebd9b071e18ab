import { Inject, Injectable } from '@nestjs/common';
import { formatSchoolTime, type Language, ZOUBAN_CHOICE_PUSH, type ZoubanChoiceInput, zoubanChoiceRefusal, type ZoubanMyChoice } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { Outbox } from '../../../messaging/domain/outbox.js';
import { RealtimeGateway } from '../../../messaging/realtime/realtime.gateway.js';
import { ClassWalkingErrors } from '../../class-walking.errors.js';
import { ClassWalkingAccess } from '../../domain/class-walking-access.js';
import { ClassWalkingRepository } from '../../domain/class-walking.repository.js';
import { combinationName, windowState } from '../../domain/window-view.js';

/**
 * A student chooses (or re-chooses) a combination while the window is open (docs/product/class-walking-and-registrations.md#choosing):
 * a student of the window's grade; every course in a group and each group's count exactly its rule's; one choice per
 * student (the key; a second replaces the first). The class's head teacher gets `zouban.choice` with the class's
 * counts through the outbox, so their progress page reads again live. After the window, a change is a request.
 */
@Injectable()
export class ChooseCombination {
  constructor(
    private readonly db: DataSource,
    private readonly windows: ClassWalkingRepository,
    private readonly access: ClassWalkingAccess,
    private readonly realtime: RealtimeGateway,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async execute(windowId: string, body: ZoubanChoiceInput, me: Principal, client: ClientInfo, lang: Language): Promise<ZoubanMyChoice> {
    const w = await this.windows.window(this.db, windowId);
    if (!w) throw ClassWalkingErrors.notFound();
    const student = await this.windows.student(this.db, me.userId);
    if (!student || student.grade !== w.grade) {
      await this.access.refused(me, client, 'zouban.choose', windowId, 'class-walking.errors.notStudent');
      throw ClassWalkingErrors.notStudent();
    }
    const courseIds = [...new Set(body.courseIds)];
    const refusal = zoubanChoiceRefusal(w.groups, courseIds);
    if (refusal) throw refusal.key === 'unknownCourse' ? ClassWalkingErrors.unknownCourse() : ClassWalkingErrors.groupCount(refusal.group, refusal.choose);
    const out = await this.db.transaction(async (tx) => {
      // the window's row FOR SHARE first: a change of its end or a generation commits before or after this choice, never across it
      await this.windows.share(tx, windowId);
      const current = await this.windows.window(tx, windowId);
      if (!current || windowState(current, Date.now()) !== 'open') return null;
      // the class's choices commit one after another, so each push counts every choice before it
      await this.windows.lockClass(tx, student.class_id);
      const chosenAt = await this.windows.saveChoice(tx, windowId, student.id, courseIds);
      const counts = await this.windows.classCounts(tx, windowId, student.class_id);
      const pushes = student.head_teacher_id
        ? await Outbox.pushes(tx, [
            {
              userId: student.head_teacher_id,
              event: ZOUBAN_CHOICE_PUSH,
              payload: { windowId, classId: student.class_id, chosen: counts.chosen, total: counts.total },
              sourceKey: `zouban:${windowId}:choice:${student.id}:${chosenAt.getTime()}`,
            },
          ])
        : [];
      return { chosenAt, pushes };
    });
    if (!out) {
      await this.access.refused(me, client, 'zouban.choose', windowId, 'class-walking.errors.notOpen');
      throw ClassWalkingErrors.notOpen();
    }
    if (out.pushes.length > 0) this.realtime.emit(out.pushes);
    await this.access.record(me, client, 'zouban.choose', windowId, { courseIds });
    const courses = new Map((await this.windows.courses(this.db, courseIds, lang)).map((c) => [c.id, c]));
    return { windowId, courseIds: [...courseIds].sort(), combination: combinationName(w, courses, courseIds), chosenAt: formatSchoolTime(out.chosenAt.getTime(), this.config.timeZone) };
  }
}
