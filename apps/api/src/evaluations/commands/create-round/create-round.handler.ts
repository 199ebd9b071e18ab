import { Injectable } from '@nestjs/common';
import { type EvalRound, type Language, parseSchoolMoment } from '@schoolflow/contracts';
import type { z } from 'zod';
import type { evalRoundInputSchema } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { EvaluationAccess } from '../../domain/evaluation-access.js';
import { assignPeers } from '../../domain/results-shape.js';
import { RoundsRepository } from '../../domain/rounds.repository.js';
import { TemplatesRepository } from '../../domain/templates.repository.js';
import { EvaluationsErrors } from '../../evaluations.errors.js';

/**
 * A round: the template applied to whole grades and/or classes of a semester for a window (docs/product/evaluations.md#rounds).
 * Its classes are fixed now; where the template has peer contents each student is given `peerCount` named classmates
 * (docs/adr/0045-evaluations.md#peers).
 */
@Injectable()
export class CreateRound {
  constructor(
    private readonly db: DataSource,
    private readonly rounds: RoundsRepository,
    private readonly templates: TemplatesRepository,
    private readonly access: EvaluationAccess,
  ) {}

  async execute(input: z.output<typeof evalRoundInputSchema>, me: Principal, client: ClientInfo, lang: Language): Promise<EvalRound> {
    await this.access.mayManage(me, client, 'evaluation.round.create', null);
    const template = await this.templates.get(this.db, input.templateId);
    if (!template) throw EvaluationsErrors.templateNotFound();
    const year = await this.rounds.semesterYear(this.db, input.semesterId);
    if (!year) throw EvaluationsErrors.semesterNotFound();
    // templates are per school year (a year's 综评 may change): a round applies one of its own semester's year
    if (template.schoolYearId !== year) throw EvaluationsErrors.templateOfOtherYear();
    if (await this.rounds.nameUsed(this.db, input.semesterId, input.name)) throw EvaluationsErrors.roundNameUsed();
    const classIds = await this.rounds.reach(this.db, input.grades, input.classIds);
    if (classIds.length === 0) throw EvaluationsErrors.classesNotFound();
    const id = await this.db.transaction(async (tx) => {
      const created = await this.rounds.insert(tx, { ...input, start: new Date(parseSchoolMoment(input.start)!), end: new Date(parseSchoolMoment(input.end)!), userId: me.userId }, classIds);
      const peers = await this.rounds.templateUsesPeers(tx, input.templateId);
      if (peers > 0) for (const ids of (await this.rounds.classStudents(tx, classIds)).values()) await this.rounds.insertPeers(tx, created, assignPeers(ids, peers));
      return created;
    });
    await this.access.record(me, client, 'evaluation.round.create', id, { name: input.name, classes: classIds.length });
    return (await this.rounds.get(this.db, id, lang))!;
  }
}
