import type { DocumentTexts } from '../zh/documents.js';

export const documents: DocumentTexts = {
  certificate: {
    'reading-proof': {
      title: 'Certificate of Enrollment',
      body: 'This is to certify that {{name}} ({{gender}}, student number {{studentNo}}), admitted in {{enrollmentYear}}, is currently enrolled at this school in {{className}}.',
    },
    'grade-proof': {
      title: 'Transcript of Grades',
      body: 'This is to certify that {{name}} ({{gender}}, student number {{studentNo}}) is a student of this school in {{className}}, whose published grades at this school are listed below.',
    },
    noGrades: 'No grades had been published as of the date of issue.',
    column: { semester: 'Semester', course: 'Course', score: 'Grade' },
    purpose: 'This certificate is issued for: {{purpose}}',
    closing: '',
    date: '{{monthName}} {{day}}, {{year}}',
    code: 'Verification code: {{code}}',
    verify: 'Scan the QR code, or visit {{url}} and enter the verification code, to check that this certificate is genuine.',
    gender: { M: 'male', F: 'female' },
  },
};
