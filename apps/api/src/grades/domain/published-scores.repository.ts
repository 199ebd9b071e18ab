import { Injectable } from '@nestjs/common';
import { GradePermission, type Language, type PublishedScore } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { Principal } from '../../infrastructure/http/request-context.js';
import { type ConversionRule, convertByScale, levelOf, type Scale } from './conversion.js';
import { localName } from '../../infrastructure/database/local-name.js';

/** A row as read: the published score's own fields, and what its rank and level are read by. */
type Row = Omit<PublishedScore, 'rank' | 'level' | 'colour'> & {
  scale: Scale | null;
  rules: ConversionRule[];
};

/**
 * A student's published scores with their ranks and levels (students and parents see only these; a grade proof lists
 * them), and who may read a student's grades at all.
 */
@Injectable()
export class PublishedScoresRepository {
  constructor(private readonly db: DataSource) {}

  /** The student a student account is, or a parent's first child. */
  async ownStudent(userId: string): Promise<string | null> {
    const rows: { id: string }[] = await this.db.query(
      `SELECT s.id FROM student s WHERE s.user_id = $1 UNION ALL (SELECT g.student_id FROM guardian g WHERE g.user_id = $1 ORDER BY g.student_id) LIMIT 1`,
      [userId],
    );
    return rows[0]?.id ?? null;
  }

  /** The student themself, a guardian, the class's head teacher, or whoever manages grades. */
  async mayRead(me: Principal, studentId: string): Promise<boolean> {
    if (me.permissions.has(GradePermission.manage)) return true;
    const rows: unknown[] = await this.db.query(
      `SELECT 1 FROM student s LEFT JOIN admin_class c ON c.id = s.class_id
        WHERE s.id = $1 AND (s.user_id = $2 OR c.head_teacher_id = $2 OR EXISTS (SELECT 1 FROM guardian g WHERE g.student_id = s.id AND g.user_id = $2))`,
      [studentId, me.userId],
    );
    return rows.length > 0;
  }

  async forStudent(studentId: string, lang: Language, semesterId: string | null = null): Promise<PublishedScore[]> {
    const rows: Row[] = await this.db.query(
      `SELECT b.id AS "batchId", b.name AS "batchName", ${lang === 'en' ? "coalesce(nullif(n.english_name, ''), n.name)" : 'n.name'} AS "examNodeName",
              b.semester_id AS "semesterId", ${localName('se.name', lang)} AS "semesterName", co.id AS "courseId", ${localName('co.name', lang)} AS "courseName",
              g.score::float8 AS score, g.mark, bc.full_marks::float8 AS "fullMarks", b.published_at AS "publishedAt",
              (SELECT json_build_object('fullScore', sc.full_score, 'passLine', sc.pass_line::float8, 'excellentLine', sc.excellent_line::float8,
                        'ranks', coalesce((SELECT json_agg(json_build_object('name', r.name, 'convertedScore', r.converted_score::float8, 'min', r.min_score::float8, 'max', r.max_score::float8) ORDER BY r.position)
                                            FROM grade_scale_rank r WHERE r.scale_id = sc.id), '[]'))
                 FROM grade_scale sc WHERE sc.id = bc.scale_id) AS scale,
              coalesce((SELECT json_agg(json_build_object('level', cr.level, 'lowest', cr.lowest, 'highest', cr.highest, 'conversionScore', cr.conversion_score, 'colour', cr.colour) ORDER BY cr.highest DESC)
                          FROM grade_conversion_rule cr WHERE cr.school_year_id = se.school_year_id AND cr.enabled), '[]') AS rules
         FROM grade_score g
         JOIN grade_batch b ON b.id = g.batch_id AND b.published
         JOIN grade_exam_node n ON n.id = b.exam_node_id
         JOIN semester se ON se.id = b.semester_id
         JOIN grade_batch_course bc ON bc.batch_id = b.id AND bc.course_id = g.course_id
         JOIN course co ON co.id = g.course_id
        WHERE g.student_id = $1 AND ($2::uuid IS NULL OR b.semester_id = $2)
        ORDER BY se.work_start, b.start_date, n.sort, bc.position`,
      [studentId, semesterId],
    );
    return rows.map((r) => {
      const byScale = r.score !== null && r.scale ? convertByScale(r.score, r.fullMarks, r.scale) : null;
      const level = r.score !== null ? levelOf(r.score, r.fullMarks, r.rules) : null;
      return {
        batchId: r.batchId,
        batchName: r.batchName,
        examNodeName: r.examNodeName,
        semesterId: r.semesterId,
        semesterName: r.semesterName,
        courseId: r.courseId,
        courseName: r.courseName,
        score: r.score,
        mark: r.mark,
        fullMarks: r.fullMarks,
        rank: byScale?.rank ?? null,
        level: level?.level ?? null,
        colour: level?.colour || null,
        publishedAt: new Date(r.publishedAt).toISOString(),
      };
    });
  }
}
