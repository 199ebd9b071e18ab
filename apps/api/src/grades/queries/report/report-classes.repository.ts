import { Injectable } from '@nestjs/common';
import { GradePermission, type Language, type MyStudent, type ResourceOption } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { Principal } from '../../../infrastructure/http/request-context.js';
import { localName } from '../../../infrastructure/database/local-name.js';

/**
 * The classes whose reports a user may make — every class in school for those who manage grades, their own for a head
 * teacher — and a class's students (enrolled, by number), as the report page and the class job read them. Not the
 * students resource: a grade manager (the school office) need not read student records to print their reports.
 */
@Injectable()
export class ReportClassesRepository {
  constructor(private readonly db: DataSource) {}

  async mayReport(me: Principal, classId: string): Promise<boolean> {
    if (me.permissions.has(GradePermission.manage)) return true;
    const rows: unknown[] = await this.db.query(`SELECT 1 FROM admin_class WHERE id = $1 AND head_teacher_id = $2`, [classId, me.userId]);
    return rows.length > 0;
  }

  async exists(classId: string): Promise<boolean> {
    return (await this.db.query<unknown[]>(`SELECT 1 FROM admin_class WHERE id = $1`, [classId])).length > 0;
  }

  async classes(me: Principal, lang: Language): Promise<ResourceOption[]> {
    return this.db.query<ResourceOption[]>(
      `SELECT c.id AS value, ${localName('c.name', lang)} AS label, c.code AS key
         FROM admin_class c
        WHERE c.in_school AND ($1 OR c.head_teacher_id = $2)
        ORDER BY c.grade, c.sort, c.code`,
      [me.permissions.has(GradePermission.manage), me.userId],
    );
  }

  async students(classId: string, lang: Language): Promise<MyStudent[]> {
    return this.db.query<MyStudent[]>(
      `SELECT s.id, ${localName('s.name', lang)} AS name, s.student_no AS "studentNo", ${localName('c.name', lang)} AS "className"
         FROM student s JOIN admin_class c ON c.id = s.class_id
        WHERE s.class_id = $1 AND s.status = 'enrolled'
        ORDER BY s.student_no`,
      [classId],
    );
  }

  async className(classId: string, lang: Language): Promise<string> {
    const [row] = await this.db.query<{ name: string }[]>(`SELECT ${localName('name', lang)} AS name FROM admin_class WHERE id = $1`, [classId]);
    return row?.name ?? '';
  }
}
