import { describe, expect, it } from '@jest/globals';
import { pdfText } from '../../../../../test/support/pdf-text.js';
import { renderCertificate } from './certificate-pdf.js';
import type { Certificate, CertificateContent } from './certificate.repository.js';

// The certificate as drawn, read back through its embedded font's ToUnicode map: what a paper says in each language.
const content: CertificateContent = {
  schoolName: 'SchoolFlow 实验中学',
  schoolNameEn: 'SchoolFlow Experimental High School',
  studentName: '王子轩',
  studentNameEn: 'Wang Zixuan',
  studentNo: '202511001',
  gender: 'M',
  enrollmentYear: 2025,
  className: '高一(1)班',
  classNameEn: 'Grade 10 Class 1',
  purpose: '申请夏令营',
};
const cert = (over: Partial<Certificate>, more: Partial<CertificateContent> = {}): Certificate => ({
  code: 'DAEZTKSN0E4W',
  instanceId: '00000000-0000-4000-8000-000000000001',
  flow: 'grade-proof',
  language: 'zh',
  content: { ...content, ...more },
  // 23:30 UTC is the next morning in Shanghai: the date is the school's
  issuedAt: new Date('2026-11-24T23:30:00Z'),
  ...over,
});
const text = async (c: Certificate) => pdfText(await renderCertificate(c, 'https://school.example.org/verify/DAEZ-TKSN-0E4W', 'Asia/Shanghai')).join(' ').replace(/\s+/g, ' ');

describe('certificate PDF', () => {
  it('a grade proof lists the published grades, one row each, in the certificate’s language', async () => {
    const grades = [
      { semester: '2025-2026学年第一学期', semesterEn: '2025-2026 Fall', course: '数学', courseEn: 'Mathematics', score: '95.5' },
      { semester: '2025-2026学年第一学期', semesterEn: '2025-2026 Fall', course: '语文', courseEn: 'Chinese', score: 'A' },
    ];
    const zh = await text(cert({}, { grades }));
    expect(zh).toContain('成绩证明');
    expect(zh).toContain('学期 课程 成绩');
    expect(zh).toContain('2025-2026学年第一学期 数学 95.5');
    expect(zh).toContain('语文 A');
    expect(zh).toContain('2026 年 11 月 25 日');
    expect(zh).toContain('验证码：DAEZ-TKSN-0E4W');
    expect(zh).not.toContain('尚无已发布的成绩');
    const en = await text(cert({ language: 'en' }, { grades }));
    expect(en).toContain('Transcript of Grades');
    expect(en).toContain('Semester Course Grade');
    expect(en).toContain('2025-2026 Fall Mathematics 95.5');
    expect(en).toContain('November 25, 2026');
  });

  it('before any grade is published, a grade proof says so instead of an empty table', async () => {
    const zh = await text(cert({}, { grades: [] }));
    expect(zh).toContain('截至开具之日，尚无已发布的成绩。');
    expect(zh).not.toContain('学期 课程 成绩');
    expect(await text(cert({ language: 'en' }, { grades: [] }))).toContain('No grades had been published as of the date of issue.');
  });

  it('a certificate of enrollment has no grades section', async () => {
    const zh = await text(cert({ flow: 'reading-proof' }));
    expect(zh).toContain('在读证明');
    expect(zh).not.toContain('成绩');
  });
});
