import { Injectable } from '@nestjs/common';
import type { Language, MyStudent } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { rows } from '../../infrastructure/database/query-rows.js';

/** The students an account may act for: the student's own record, and a parent's children. */
@Injectable()
export class MyStudentsRepository {
  constructor(private readonly db: DataSource) {}

  /** By student number, each with its class named in the reader's language (the Chinese name when there is no English one). */
  of(userId: string, lang: Language): Promise<MyStudent[]> {
    return rows<MyStudent>(
      this.db,
      `SELECT s.id, s.name, s.student_no AS "studentNo", CASE WHEN $2 = 'en' AND c.name_en <> '' THEN c.name_en ELSE c.name END AS "className"
         FROM student s JOIN admin_class c ON c.id = s.class_id
        WHERE s.user_id = $1 OR s.id IN (SELECT student_id FROM guardian WHERE user_id = $1)
        ORDER BY s.student_no`,
      [userId, lang],
    );
  }
}
