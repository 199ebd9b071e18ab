import { Injectable } from '@nestjs/common';
import type { EvalResults } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { EvaluationAccess } from '../../domain/evaluation-access.js';
import { ResultsRepository } from '../../domain/results.repository.js';
import { shapeResults } from '../../domain/results-shape.js';
import { RoundsRepository } from '../../domain/rounds.repository.js';
import { SheetsRepository } from '../../domain/sheets.repository.js';
import { EvaluationsErrors } from '../../evaluations.errors.js';

/**
 * A round's results (docs/product/evaluations.md#results): the weighted values from SQL, rounded to the template's
 * precision, with levels, averages, distributions and the head teacher's comments. `forClass`/`forRound` check no
 * access — the final-term flow (eval-final) reads through them under its own checks; `execute` is the HTTP reader's.
 */
@Injectable()
export class RoundResults {
  constructor(
    private readonly db: DataSource,
    private readonly rounds: RoundsRepository,
    private readonly sheets: SheetsRepository,
    private readonly results: ResultsRepository,
    private readonly access: EvaluationAccess,
  ) {}

  async execute(roundId: string, classId: string | undefined, me: Principal, client: ClientInfo): Promise<EvalResults> {
    const target = `${roundId}/${classId ?? '*'}`;
    if (!classId) {
      await this.access.mayAnalyse(me, client, 'evaluation.results', target, undefined);
      return this.forRound(roundId);
    }
    const cls = await this.sheets.className(this.db, roundId, classId);
    if (!cls) throw EvaluationsErrors.roundNotFound();
    await this.access.mayAnalyse(me, client, 'evaluation.results', target, cls.headTeacherId);
    return this.forClass(roundId, classId);
  }

  forClass(roundId: string, classId: string): Promise<EvalResults> {
    return this.compute(roundId, classId);
  }

  forRound(roundId: string): Promise<EvalResults> {
    return this.compute(roundId, null);
  }

  private async compute(roundId: string, classId: string | null): Promise<EvalResults> {
    const round = await this.rounds.head(this.db, roundId);
    if (!round) throw EvaluationsErrors.roundNotFound();
    const cls = classId ? await this.sheets.className(this.db, roundId, classId) : null;
    if (classId && !cls) throw EvaluationsErrors.roundNotFound();
    const [contents, students, cells] = await Promise.all([this.sheets.contents(this.db, round.templateId, null), this.results.students(this.db, roundId, classId), this.results.weighted(this.db, roundId, classId)]);
    const themes = [...new Map(contents.map((c) => [c.themeId, { id: c.themeId, name: c.themeName }])).values()];
    const { rows, distributions } = shapeResults(students, contents, cells, round.precision);
    return {
      round: { id: round.id, name: round.name, semesterId: round.semesterId, templateId: round.templateId },
      class: classId && cls ? { id: classId, name: cls.name } : null,
      precision: round.precision,
      themes,
      contents: contents.map(({ description: _d, themeName: _t, ...c }) => c),
      rows,
      distributions,
    };
  }
}
