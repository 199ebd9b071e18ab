import { Injectable } from '@nestjs/common';
import type { AnalysisAnswers, AnalysisCourse, AnalysisKind, AnalysisQuery, Language } from '@schoolflow/contracts';
import { translate } from '../../../infrastructure/i18n/i18n.js';
import type { SheetReader } from '../../domain/sheet-access.js';
import { GradesErrors } from '../../grades.errors.js';
import { AnalysisRepository } from './analysis.repository.js';

/**
 * One analysis of a batch (issue 10 item 4): the batch must exist (404), a course asked for must be one it examines
 * (422); then the kind's one statement, over the scores that count for the reader (a sheet submitted or passed, or
 * one they may read: `sheet-access.ts`). Every answer carries the batch's courses and classes, so the page fills its
 * pickers from the answer it shows.
 */
@Injectable()
export class GradeAnalysis {
  constructor(private readonly repo: AnalysisRepository) {}

  async execute<K extends AnalysisKind>(kind: K, q: AnalysisQuery, reader: SheetReader, lang: Language): Promise<AnalysisAnswers[K]> {
    const head = await this.repo.head(q.batchId, lang);
    if (!head) throw GradesErrors.batchNotFound();
    const course = q.courseId ? head.courses.find((c) => c.id === q.courseId) : undefined;
    if (q.courseId && !course) throw GradesErrors.notOnBatch();
    const whole = translate(lang, 'grades.analysis.wholeGrade');
    const courseId = q.courseId ?? null;
    const classId = q.classId ?? null;
    const base = (covered: readonly AnalysisCourse[]) => ({
      batch: { id: head.id, name: head.name, grade: head.grade, published: head.published },
      courses: head.courses,
      classes: head.classes,
      noGradingSystem: covered.some((c) => !c.scaled),
    });
    const covered = course ? [course] : head.courses;
    // Each branch answers its own kind's shape: the cast tells the compiler what the switch on `kind` established.
    switch (kind as AnalysisKind) {
      case 'admin-class':
        return { kind: 'admin-class', ...base(covered), rows: await this.repo.adminClasses(head.id, courseId, classId, lang, whole, reader) } as AnalysisAnswers[K];
      case 'teaching-class':
        return { kind: 'teaching-class', ...base(covered), rows: await this.repo.teachingClasses(head.id, courseId, classId, lang, whole, reader) } as AnalysisAnswers[K];
      case 'ranking': {
        const { weighted, rows } = await this.repo.ranking(head.id, head.courses.map((c) => c.id), classId, lang, reader);
        return { kind: 'ranking', ...base([]), weighted, rows } as AnalysisAnswers[K];
      }
      case 'subject': {
        const one = required(course);
        return { kind: 'subject', ...base([one]), course: one, rows: await this.repo.subject(head.id, one.id, classId, lang, whole, reader) } as AnalysisAnswers[K];
      }
      case 'question-rate': {
        const one = required(course);
        const [items, rows] = await Promise.all([this.repo.items(head.id, one.id), this.repo.questionRates(head.id, one.id, classId, lang, whole, reader)]);
        // rates are item averages over item full marks: the course's scale plays no part
        return { kind: 'question-rate', ...base([]), course: one, items, rows } as AnalysisAnswers[K];
      }
    }
    throw GradesErrors.batchNotFound();
  }
}

/** subject and question-rate: their query schema requires the course, and it was found on the batch above. */
function required(course: AnalysisCourse | undefined): AnalysisCourse {
  if (!course) throw GradesErrors.notOnBatch();
  return course;
}
