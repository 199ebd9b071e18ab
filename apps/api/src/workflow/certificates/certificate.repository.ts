import { randomInt } from 'node:crypto';
import { CERTIFICATE_CODE_ALPHABET, CERTIFICATE_CODE_LENGTH, type Language } from '@schoolflow/contracts';

/** What a certificate states, frozen the day it is issued (wf_certificate.content). */
export interface CertificateContent {
  schoolName: string;
  schoolNameEn: string;
  studentName: string;
  studentNameEn: string;
  studentNo: string;
  gender: 'M' | 'F';
  enrollmentYear: number;
  className: string;
  classNameEn: string;
  purpose: string;
  /** A grade proof's list: the student's published grades that day (absent on other certificates). */
  grades?: CertifiedGrade[];
}

/** One published grade as a grade proof prints it. */
export interface CertifiedGrade {
  semester: string;
  semesterEn: string;
  course: string;
  courseEn: string;
  /** As published: a score, or a rank of the course's scale. */
  score: string;
}

export interface Certificate {
  code: string;
  instanceId: string;
  flow: string;
  language: Language;
  content: CertificateContent;
  issuedAt: Date;
}

type Db = { query<R = unknown[]>(sql: string, params?: unknown[]): Promise<R> };

const COLUMNS = `code, instance_id AS "instanceId", flow, language, content, issued_at AS "issuedAt"`;

// The student, their class and the school (the root of the organisation) as the certificate states them.
const ISSUE_SQL = `
  INSERT INTO wf_certificate (code, instance_id, flow, student_id, language, content)
  SELECT $1, $2, $3, s.id, $5, jsonb_build_object(
           'schoolName', coalesce(school.name, ''), 'schoolNameEn', coalesce(school.name_en, ''),
           'studentName', s.name, 'studentNameEn', s.name_en, 'studentNo', s.student_no, 'gender', s.gender,
           'enrollmentYear', s.enrollment_year, 'className', c.name, 'classNameEn', c.name_en, 'purpose', $6::text)
         || CASE WHEN $7::jsonb IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('grades', $7::jsonb) END
    FROM student s JOIN admin_class c ON c.id = s.class_id
    LEFT JOIN LATERAL (SELECT name, name_en FROM org_department WHERE parent_id IS NULL ORDER BY sort, code LIMIT 1) school ON true
   WHERE s.id = $4 AND (NOT $8::boolean OR s.status = 'enrolled')
  ON CONFLICT DO NOTHING
  RETURNING code`;

/** A fresh verification code: 60 random bits in Crockford's base 32. */
export function newCertificateCode(): string {
  let code = '';
  for (let i = 0; i < CERTIFICATE_CODE_LENGTH; i++) code += CERTIFICATE_CODE_ALPHABET[randomInt(CERTIFICATE_CODE_ALPHABET.length)];
  return code;
}

/**
 * The certificates the school issues (typed access to wf_certificate). Issuing runs in the effect's transaction and
 * is idempotent by instance: the second issue of one instance writes nothing and answers the first one's code.
 */
export const certificates = {
  /** Who may read a request for a certificate, and how its review ended: null for no instance of that flow. */
  async reviewOf(db: Db, flow: string, id: string): Promise<{ participants: string[]; review_status: string } | null> {
    const [row] = await db.query<{ participants: string[]; review_status: string }[]>(`SELECT participants, review_status FROM wf_instance WHERE id = $1 AND flow = $2`, [id, flow]);
    return row ?? null;
  },

  async issue(db: Db, c: { instanceId: string; flow: string; studentId: string; language: Language; purpose: string; grades?: CertifiedGrade[]; enrolledOnly?: boolean }): Promise<string | null> {
    // A code already taken (one chance in 2^60 per certificate) is drawn again; the instance's own row ends the loop.
    for (let attempt = 0; attempt < 5; attempt++) {
      const rows = await db.query<{ code: string }[]>(ISSUE_SQL, [newCertificateCode(), c.instanceId, c.flow, c.studentId, c.language, c.purpose, c.grades ? JSON.stringify(c.grades) : null, c.enrolledOnly === true]);
      if (rows[0]) return rows[0].code;
      const existing = await this.ofInstance(db, c.instanceId);
      if (existing) return existing.code;
      const student = await db.query<unknown[]>(`SELECT 1 FROM student WHERE id = $1 AND (NOT $2::boolean OR status = 'enrolled')`, [c.studentId, c.enrolledOnly === true]);
      // the record is gone, or (a certificate of enrollment) the student left meanwhile: nothing true to certify
      if (student.length === 0) return null;
    }
    throw new Error('could not draw a free certificate code');
  },

  async ofInstance(db: Db, instanceId: string): Promise<Certificate | null> {
    const rows = await db.query<Certificate[]>(`SELECT ${COLUMNS} FROM wf_certificate WHERE instance_id = $1`, [instanceId]);
    return rows[0] ?? null;
  },

  async byCode(db: Db, code: string): Promise<Certificate | null> {
    const rows = await db.query<Certificate[]>(`SELECT ${COLUMNS} FROM wf_certificate WHERE code = $1`, [code]);
    return rows[0] ?? null;
  },
};
