import { Inject, Injectable } from '@nestjs/common';
import {
  type DutyAbsence,
  type DutyAbsenceValues,
  type DutyGenerateValues,
  type DutyPost,
  type DutyPostValues,
  type DutyRosterDetail,
  type DutyRosterValues,
  type DutySlotValues,
  dutyDays,
  MessageType,
  rotate,
} from '@schoolflow/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { HolidaysRepository } from '../../../calendar/domain/holidays.repository.js';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { Outbox, type PushRow } from '../../../messaging/domain/outbox.js';
import { RealtimeGateway } from '../../../messaging/realtime/realtime.gateway.js';
import { DutyAccess } from '../../domain/duty-access.js';
import { DutyRostersRepository } from '../../domain/duty-rosters.repository.js';
import { DutyErrors } from '../../duty-rosters.errors.js';
import { DutyLists } from '../../queries/duty-lists/duty-lists.query.js';

/** A constraint of duty_assignment refused the write: another roster holds the slot, or a teacher's time clashes. */
function constraintOf(err: unknown): string | null {
  const e = err as { constraint?: string; driverError?: { constraint?: string } };
  return e.constraint ?? e.driverError?.constraint ?? null;
}

/**
 * The office keeps the rosters (docs/product/office.md#duty-rosters): posts, rosters (by hand and by the fair rotation,
 * while a draft), publishing (its teachers told), and teachers' recorded leave. Each change under `duty:manage`, logged.
 */
@Injectable()
export class ManageRosters {
  constructor(
    private readonly db: DataSource,
    private readonly repo: DutyRostersRepository,
    private readonly holidays: HolidaysRepository,
    private readonly access: DutyAccess,
    private readonly lists: DutyLists,
    private readonly realtime: RealtimeGateway,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async addPost(v: DutyPostValues, me: Principal, client: ClientInfo): Promise<DutyPost> {
    await this.access.mayManage(me, client, 'duty.post.create');
    const post = await this.repo.insertPost(this.db, v);
    await this.access.record(me, client, 'duty.post.create', post.id, { name: v.name });
    return post;
  }

  async addAbsence(v: DutyAbsenceValues, me: Principal, client: ClientInfo): Promise<DutyAbsence[]> {
    await this.access.mayManage(me, client, 'duty.absence.create');
    if ((await this.repo.staff(this.db, [v.teacherId])).length === 0) throw DutyErrors.teacherUnknown();
    const id = await this.repo.insertAbsence(this.db, v, me.userId);
    await this.access.record(me, client, 'duty.absence.create', id, { teacherId: v.teacherId, from: v.fromDate, to: v.toDate });
    return this.repo.absences(this.db);
  }

  async create(v: DutyRosterValues, me: Principal, client: ClientInfo): Promise<DutyRosterDetail> {
    await this.access.mayManage(me, client, 'duty.roster.create');
    const id = await this.repo.insertRoster(this.db, v, me.userId);
    await this.access.record(me, client, 'duty.roster.create', id, { title: v.title, from: v.fromDate, to: v.toDate });
    return this.lists.detail(id, me);
  }

  /**
   * The fair rotation over a draft: every (day, post) of its duty days — public holidays skipped, make-up workdays kept —
   * given to the teacher with the fewest duties who is neither on leave nor on duty elsewhere that day (`rotate`). It
   * replaces the draft's duties; a post another roster staffs on one of these days is refused (409).
   */
  async generate(id: string, v: DutyGenerateValues, me: Principal, client: ClientInfo): Promise<DutyRosterDetail> {
    await this.access.mayManage(me, client, 'duty.roster.generate', id);
    const count = await this.write(id, async (tx, roster) => {
      const posts = await this.repo.posts(tx, v.postIds);
      if (posts.length !== new Set(v.postIds).size) throw DutyErrors.postUnknown();
      const teachers = [...new Set(v.teacherIds)];
      if ((await this.repo.staff(tx, teachers)).length !== teachers.length) throw DutyErrors.teacherUnknown();
      const taken = await this.repo.taken(tx, id, v.postIds, roster.fromDate, roster.toDate);
      if (taken !== null) throw DutyErrors.rangeTaken(taken);
      const days = dutyDays(roster.fromDate, roster.toDate, await this.holidays.days(tx, roster.fromDate, roster.toDate));
      const busy = new Set((await this.repo.busy(tx, teachers, roster.fromDate, roster.toDate, id)).map((b) => `${b.teacherId}|${b.date}`));
      const slots = days.flatMap((date) => posts.map((p) => ({ postId: p.id, date })));
      const plan = rotate(slots, teachers, (t, d) => busy.has(`${t}|${d}`), await this.repo.load(tx, teachers, id));
      const filled = plan.flatMap((p) => (p.teacherId ? [{ ...p.slot, teacherId: p.teacherId }] : []));
      if (slots.length > 0 && filled.length === 0) throw DutyErrors.noTeachersFree();
      await this.repo.clear(tx, id);
      await this.repo.insertSlots(tx, id, filled, this.config.timeZone);
      return filled.length;
    });
    await this.access.record(me, client, 'duty.roster.generate', id, { posts: v.postIds.length, teachers: v.teacherIds.length, duties: count });
    return this.lists.detail(id, me);
  }

  /** One slot of a draft by hand: its teacher, or emptied. The teacher may not be on leave or on duty elsewhere that day. */
  async setSlot(id: string, v: DutySlotValues, me: Principal, client: ClientInfo): Promise<DutyRosterDetail> {
    await this.access.mayManage(me, client, 'duty.roster.slot', id);
    await this.write(id, async (tx, roster) => {
      if ((await this.repo.posts(tx, [v.postId])).length === 0) throw DutyErrors.postUnknown();
      const days = dutyDays(roster.fromDate, roster.toDate, await this.holidays.days(tx, roster.fromDate, roster.toDate));
      if (!days.includes(v.date)) throw DutyErrors.dayNotInRoster();
      await this.repo.clearSlot(tx, id, v.postId, v.date);
      if (v.teacherId === undefined) return;
      const [teacher] = await this.repo.staff(tx, [v.teacherId]);
      if (!teacher) throw DutyErrors.teacherUnknown();
      const busy = await this.repo.busy(tx, [v.teacherId], v.date, v.date, null);
      if (busy.length > 0) throw DutyErrors.teacherBusy(teacher.name);
      const taken = await this.repo.taken(tx, id, [v.postId], v.date, v.date);
      if (taken !== null) throw DutyErrors.rangeTaken(taken);
      await this.repo.insertSlots(tx, id, [{ postId: v.postId, date: v.date, teacherId: v.teacherId }], this.config.timeZone);
    });
    await this.access.record(me, client, 'duty.roster.slot', id, { postId: v.postId, date: v.date, teacherId: v.teacherId ?? null });
    return this.lists.detail(id, me);
  }

  /** Published: every teacher on it is told (a bell message each); from now on only swaps change it. */
  async publish(id: string, me: Principal, client: ClientInfo): Promise<{ roster: DutyRosterDetail; told: number }> {
    await this.access.mayManage(me, client, 'duty.roster.publish', id);
    let pushes: PushRow[] = [];
    const told = await this.write(id, async (tx, roster) => {
      const teachers = await this.repo.teachersOf(tx, id);
      if (teachers.length === 0) throw DutyErrors.nothingToPublish();
      await this.repo.publish(tx, id);
      pushes = await Outbox.messages(
        tx,
        teachers.map((t) => ({
          message: { recipientId: t.teacherId, type: MessageType.notice, titleKey: 'messages.dutyPublished.title', contentKey: 'messages.dutyPublished.content', params: { title: roster.title, count: t.n }, link: '/qt_app/zgzap' },
          sourceKey: `duty-roster:${id}:published:${t.teacherId}`,
        })),
        this.config.timeZone,
      );
      return teachers.length;
    });
    this.realtime.emit(pushes);
    await this.access.record(me, client, 'duty.roster.publish', id, { teachers: told });
    return { roster: await this.lists.detail(id, me), told };
  }

  /** A draft's change in one transaction, the roster locked; a constraint that refuses it answers its refusal. */
  private async write<T>(id: string, fn: (tx: EntityManager, roster: { fromDate: string; toDate: string; title: string }) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction(async (tx) => {
        const roster = await this.repo.roster(tx, id, true);
        if (!roster) throw DutyErrors.notFound();
        if (roster.status !== 'draft') throw DutyErrors.notDraft();
        return fn(tx, roster);
      });
    } catch (err) {
      const c = constraintOf(err);
      if (c === 'duty_assignment_no_clash') throw DutyErrors.teacherBusy('');
      if (c === 'duty_assignment_post_day') throw DutyErrors.rangeTaken('');
      throw err;
    }
  }
}
