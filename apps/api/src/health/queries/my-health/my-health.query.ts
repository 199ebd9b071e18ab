import { Injectable } from '@nestjs/common';
import type { MyHealth, MyHealthQuery as MyHealthParams } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { HealthAccess } from '../../domain/health-access.js';
import { highestRisk, HealthRepository } from '../../domain/health.repository.js';

/**
 * 我的健康 (docs/product/campus-life.md#health-care): a student's own records, a parent's child's (the child named, or
 * the first). Another student's are refused and the refusal logged; an account with no student reads an empty page.
 */
@Injectable()
export class MyHealthQuery {
  constructor(
    private readonly db: DataSource,
    private readonly health: HealthRepository,
    private readonly access: HealthAccess,
  ) {}

  async execute(q: MyHealthParams, me: Principal, client: ClientInfo): Promise<MyHealth> {
    const students = await this.health.familyStudents(this.db, me.userId);
    if (q.studentId) await this.access.mayReadOwn(me, client, q.studentId, students);
    const student = students.find((s) => s.id === q.studentId) ?? students[0] ?? null;
    if (!student) return { students, student: null, risk: null, visits: [], conditions: [], exams: [], insurance: [] };
    const [visits, conditions, exams, insurance] = await Promise.all([
      this.health.visits(this.db, student.id),
      this.health.conditions(this.db, student.id),
      this.health.exams(this.db, student.id),
      this.health.insurance(this.db, student.id),
    ]);
    return { students, student, risk: highestRisk(conditions.filter((c) => c.active)), visits, conditions, exams, insurance };
  }
}
