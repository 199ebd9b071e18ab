import { Inject, Injectable } from '@nestjs/common';
import { parseSchoolMoment, type ZoubanWindowInput, zoubanWindowRefusal } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { ClassWalkingErrors } from '../../class-walking.errors.js';
import { ClassWalkingAccess } from '../../domain/class-walking-access.js';
import { ClassWalkingRepository, type Db, type WindowWrite } from '../../domain/class-walking.repository.js';

/**
 * Create, change or delete a class-walking window (docs/product/class-walking-and-registrations.md#class-walking):
 * `zouban:manage`; the sign-up end after its start (spec), the semester and every course exist; once anyone chose,
 * only the name, the end, the capacity and the periods change (the rules stay as chosen under) and it is not deleted;
 * once generated it is not deleted either. Nothing is written when a check fails; every change is logged.
 */
@Injectable()
export class SaveZoubanWindow {
  constructor(
    private readonly db: DataSource,
    private readonly windows: ClassWalkingRepository,
    private readonly access: ClassWalkingAccess,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async create(body: ZoubanWindowInput, me: Principal, client: ClientInfo): Promise<{ id: string }> {
    await this.access.mayManage(me, client, 'zouban.window.create', null);
    const w = await this.checked(this.db, body);
    const id = await this.windows.insert(this.db, w, me.userId);
    await this.access.record(me, client, 'zouban.window.create', id, { name: w.name });
    return { id };
  }

  async update(id: string, body: ZoubanWindowInput, me: Principal, client: ClientInfo): Promise<{ id: string }> {
    await this.access.mayManage(me, client, 'zouban.window.update', id);
    const w = await this.checked(this.db, body);
    const refused = await this.db.transaction(async (tx) => {
      const current = await this.windows.window(tx, id, true);
      if (!current) throw ClassWalkingErrors.notFound();
      if (current.chosen === 0) {
        await this.windows.update(tx, id, w);
        return null;
      }
      // jsonb keeps an object's keys in its own order: the groups are compared field by field
      const rules = (gs: typeof w.groups) => JSON.stringify(gs.map((g) => [g.name, g.courseIds, g.choose]));
      const sameRules = rules(current.groups) === rules(w.groups) && current.grade === w.grade && current.semester_id === w.semesterId && current.start_at.getTime() === w.startAt.getTime();
      if (!sameRules) return 'class-walking.errors.hasChoices';
      await this.windows.setEnd(tx, id, w);
      return null;
    });
    if (refused) {
      await this.access.refused(me, client, 'zouban.window.update', id, refused);
      throw ClassWalkingErrors.hasChoices();
    }
    await this.access.record(me, client, 'zouban.window.update', id, { name: w.name });
    return { id };
  }

  async remove(id: string, me: Principal, client: ClientInfo): Promise<void> {
    await this.access.mayManage(me, client, 'zouban.window.delete', id);
    const refused = await this.db.transaction(async (tx) => {
      const current = await this.windows.window(tx, id, true);
      if (!current) throw ClassWalkingErrors.notFound();
      if (current.generated_at) return 'generated' as const;
      if (current.chosen > 0) return 'hasChoices' as const;
      await this.windows.remove(tx, id);
      return null;
    });
    if (refused) {
      await this.access.refused(me, client, 'zouban.window.delete', id, `class-walking.errors.${refused}`);
      throw ClassWalkingErrors[refused]();
    }
    await this.access.record(me, client, 'zouban.window.delete', id);
  }

  /** The rules the database does not hold by itself (the body passed the contract's schema already). */
  private async checked(db: Db, body: ZoubanWindowInput): Promise<WindowWrite> {
    // the contract's window rule again: a caller may skip the schema
    const why = zoubanWindowRefusal(body.start, body.end);
    if (why) throw ClassWalkingErrors.invalid(why, 'end');
    const startAt = parseSchoolMoment(body.start, this.config.timeZone) as number;
    const endAt = parseSchoolMoment(body.end, this.config.timeZone) as number;
    if (!(await this.windows.semesterExists(db, body.semesterId))) throw ClassWalkingErrors.semesterMissing();
    const ids = body.groups.flatMap((g) => g.courseIds);
    if ((await this.windows.courses(db, ids)).length !== ids.length) throw ClassWalkingErrors.courseMissing();
    return { name: body.name, semesterId: body.semesterId, grade: body.grade, startAt: new Date(startAt), endAt: new Date(endAt), groups: body.groups, capacity: body.capacity, weeklyPeriods: body.weeklyPeriods };
  }
}
