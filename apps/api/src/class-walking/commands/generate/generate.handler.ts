import { Inject, Injectable } from '@nestjs/common';
import { MessageType, type ZoubanGenerated } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { Outbox } from '../../../messaging/domain/outbox.js';
import { RealtimeGateway } from '../../../messaging/realtime/realtime.gateway.js';
import { schoolDays } from '../../../timetable/domain/timetable-semesters.js';
import { ClassWalkingErrors } from '../../class-walking.errors.js';
import { ClassWalkingAccess } from '../../domain/class-walking-access.js';
import { ClassWalkingRepository, type Db, type WindowRow } from '../../domain/class-walking.repository.js';
import { type BusyWorld, placeLessons, planClasses, type Slot, slotKey, type ToPlace } from '../../domain/generation.js';
import { windowState } from '../../domain/window-view.js';

/**
 * Generates the window's teaching classes (docs/adr/0044-class-walking-and-registrations.md#generation): after the
 * sign-up ends, `zouban:manage`; under the window's row lock, what an earlier generation made is removed, each chosen
 * course's students are split within the capacity (domain/generation.ts), each class gets the teacher who teaches the
 * course to most of the grade, and its weekly lessons are placed in the semester's published timetable where its
 * students, teacher and a room are free (the timetable's unique keys hold the last word). Lessons that find no period
 * are counted for course scheduling. One transaction: a grade's few hundred rows, well under a second — no job. Each
 * student is told by a bell message through the outbox.
 */
@Injectable()
export class GenerateTeachingClasses {
  constructor(
    private readonly db: DataSource,
    private readonly windows: ClassWalkingRepository,
    private readonly access: ClassWalkingAccess,
    private readonly realtime: RealtimeGateway,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async execute(windowId: string, me: Principal, client: ClientInfo): Promise<ZoubanGenerated> {
    await this.access.mayManage(me, client, 'zouban.generate', windowId);
    const out = await this.db.transaction(async (tx) => {
      const w = await this.windows.window(tx, windowId, true);
      if (!w) throw ClassWalkingErrors.notFound();
      if (windowState(w, Date.now()) !== 'ended') return null;
      return this.generate(tx, w);
    });
    if (!out) {
      await this.access.refused(me, client, 'zouban.generate', windowId, 'class-walking.errors.notEnded');
      throw ClassWalkingErrors.notEnded();
    }
    this.realtime.emit(out.pushes);
    await this.access.record(me, client, 'zouban.generate', windowId, { ...out.result });
    return out.result;
  }

  private async generate(tx: Db, w: WindowRow) {
    await this.windows.dropGenerated(tx, w.id);
    const choosers = await this.windows.choosers(tx, w.id);
    const courseOrder = w.groups.flatMap((g) => g.courseIds);
    const courses = new Map((await this.windows.courses(tx, courseOrder)).map((c) => [c.id, c]));
    const teacherOf = new Map((await this.windows.teachers(tx, w.semester_id, w.grade)).map((r) => [r.course_id, r.teacher_id]));
    const plan = planClasses(courseOrder, choosers, w.capacity);
    for (const c of plan) if (!teacherOf.has(c.courseId)) throw ClassWalkingErrors.noTeacher(courses.get(c.courseId)?.name ?? c.courseId);

    const made: { id: string; courseId: string; teacherId: string; studentIds: string[] }[] = [];
    for (const c of plan) {
      const course = courses.get(c.courseId);
      const teacherId = teacherOf.get(c.courseId) as string;
      const id = await this.windows.insertClass(tx, { name: `${w.name}·${course?.name ?? ''}${c.no}`, courseId: c.courseId, semesterId: w.semester_id, teacherId, windowId: w.id, capacity: w.capacity, studentIds: c.studentIds });
      made.push({ id, courseId: c.courseId, teacherId, studentIds: c.studentIds });
    }
    const unplaced = await this.place(tx, w, made, choosers);
    await this.windows.setGenerated(tx, w.id);

    const names = [...new Set(plan.map((c) => courses.get(c.courseId)?.name ?? ''))].join('、');
    const userIds = await this.windows.userIds(tx, [...new Set(plan.flatMap((c) => c.studentIds))]);
    const generatedAt = Date.now();
    const pushes = await Outbox.messages(
      tx,
      userIds.map((userId) => ({
        message: { recipientId: userId, type: MessageType.system, titleKey: 'class-walking.message.generatedTitle', contentKey: 'class-walking.message.generatedContent', params: { name: w.name, courses: names }, link: '/timetable/inquiry' },
        sourceKey: `zouban:${w.id}:generated:${generatedAt}:${userId}`,
      })),
      this.config.timeZone,
    );
    return { result: { classes: made.length, students: plan.reduce((n, c) => n + c.studentIds.length, 0), unplaced }, pushes };
  }

  /** Places the new classes' lessons in the published timetable; answers how many found no period. */
  private async place(tx: Db, w: WindowRow, made: readonly { id: string; courseId: string; teacherId: string; studentIds: string[] }[], choosers: readonly { studentId: string; classId: string }[]): Promise<number> {
    const wanted = made.length * w.weekly_periods;
    const timetableId = await this.windows.publishedTimetable(tx, w.semester_id);
    if (!timetableId || wanted === 0) return wanted;
    const [lessons, unavailable, periods, days, rooms] = await Promise.all([
      this.windows.lessons(tx, timetableId),
      this.windows.unavailable(tx, w.semester_id),
      this.windows.periods(tx),
      schoolDays(tx),
      this.windows.rooms(tx),
    ]);
    const world: BusyWorld = { sections: new Map(), teachers: new Map(), rooms: new Map() };
    const add = (m: Map<string, Set<string>>, k: string, id: string | null) => {
      if (!id) return;
      let s = m.get(k);
      if (!s) m.set(k, (s = new Set()));
      s.add(id);
    };
    for (const l of lessons) {
      const k = slotKey(l);
      add(world.sections, k, l.section);
      add(world.teachers, k, l.teacher_id);
      add(world.rooms, k, l.classroom_id);
    }
    const classOf = new Map(choosers.map((c) => [c.studentId, c.classId]));
    const others = await this.windows.studentSections(tx, w.semester_id, made.flatMap((m) => m.studentIds));
    const sectionsOf = new Map<string, Set<string>>();
    const roomOf = new Map<string, string>();
    for (const r of others) {
      let s = sectionsOf.get(r.student_id);
      if (!s) sectionsOf.set(r.student_id, (s = new Set()));
      if (r.teaching_class_id) s.add(r.teaching_class_id);
      if (r.room_id) roomOf.set(r.student_id, r.room_id);
    }
    const toPlace: ToPlace[] = made.map((m) => {
      const sections = new Set<string>();
      for (const sid of m.studentIds) {
        const cls = classOf.get(sid);
        if (cls) sections.add(cls);
        for (const tc of sectionsOf.get(sid) ?? []) if (tc !== m.id) sections.add(tc);
      }
      const preferred = [...new Set(m.studentIds.map((sid) => roomOf.get(sid)).filter((r): r is string => Boolean(r)))];
      return { key: m.id, teacherId: m.teacherId, size: m.studentIds.length, lessons: w.weekly_periods, sections: [...sections], preferredRooms: preferred };
    });
    const slots: Slot[] = [];
    for (let weekday = 1; weekday <= days; weekday++) for (const period of periods) slots.push({ weekday, period });
    const away = new Set(unavailable.map((u) => `${u.teacher_id}@${u.weekday}:${u.period}`));
    const { placed, unplaced } = placeLessons(toPlace, slots, world, rooms, away);
    const byId = new Map(made.map((m) => [m.id, m]));
    await this.windows.insertLessons(
      tx,
      timetableId,
      placed.map((p) => {
        const m = byId.get(p.key) as (typeof made)[number];
        return { teachingClassId: m.id, courseId: m.courseId, teacherId: m.teacherId, roomId: p.roomId, weekday: p.slot.weekday, period: p.slot.period };
      }),
    );
    return unplaced;
  }
}
