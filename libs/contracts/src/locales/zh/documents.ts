/** Texts of the documents the server writes as PDF (certificates), in the language the document is asked for. */
export const documents = {
  certificate: {
    'reading-proof': {
      title: '在读证明',
      body: '兹证明{{name}}（{{gender}}，学号 {{studentNo}}）于 {{enrollmentYear}} 年入学，现为我校{{className}}在读学生。',
    },
    'grade-proof': {
      title: '成绩证明',
      body: '兹证明{{name}}（{{gender}}，学号 {{studentNo}}）系我校{{className}}学生，其在我校已发布的成绩如下。',
    },
    noGrades: '截至开具之日，尚无已发布的成绩。',
    column: { semester: '学期', course: '课程', score: '成绩' },
    purpose: '本证明用于：{{purpose}}',
    closing: '特此证明。',
    date: '{{year}} 年 {{month}} 月 {{day}} 日',
    code: '验证码：{{code}}',
    verify: '扫描二维码，或访问 {{url}} 并输入验证码，可核验本证明的真伪。',
    gender: { M: '男', F: '女' },
  },
} as const;
type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type DocumentTexts = Widen<typeof documents>;
