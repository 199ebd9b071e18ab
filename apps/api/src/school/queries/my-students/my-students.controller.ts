import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import type { Envelope, Language, MyStudent } from '@schoolflow/contracts';
import { ok } from '../../../infrastructure/http/envelope.js';
import { CurrentUser, Lang, type Principal } from '../../../infrastructure/http/request-context.js';

/** The students the signed-in user may act for: their own record, and their children. */
@ApiTags('school')
@Controller()
export class MyStudentsController {
  constructor(private readonly db: DataSource) {}

  @Get('api/students/mine')
  @ApiOperation({ summary: 'My own student record and my children (for a parent choosing whom a leave is for)' })
  async mine(@CurrentUser() me: Principal, @Lang() lang: Language): Promise<Envelope<MyStudent[]>> {
    const rows: MyStudent[] = await this.db.query(
      `SELECT s.id, s.name, s.student_no AS "studentNo", CASE WHEN $2 = 'en' AND c.name_en <> '' THEN c.name_en ELSE c.name END AS "className"
         FROM student s JOIN admin_class c ON c.id = s.class_id
        WHERE s.user_id = $1 OR s.id IN (SELECT student_id FROM guardian WHERE user_id = $1)
        ORDER BY s.student_no`,
      [me.userId, lang],
    );
    return ok(rows);
  }
}
