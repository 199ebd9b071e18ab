import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Envelope, FinalClassRow, Language, StudentFinalEvaluation } from '@schoolflow/contracts';
import { ok } from '../../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal } from '../../infrastructure/http/request-context.js';
import { ClassFinalQuery } from './queries/class-final/class-final.query.js';
import { StudentFinalQuery } from './queries/student-final/student-final.query.js';

/**
 * 期末学业评价's reads beside its flow (docs/product/evaluations.md#final-term-evaluation): the head teacher's classes
 * and a student's results as their family reads them. The flow's steps go through the workflow API.
 */
@ApiTags('evaluations')
@Controller('api/evaluations/final')
export class FinalEvaluationController {
  constructor(
    private readonly classes: ClassFinalQuery,
    private readonly student: StudentFinalQuery,
  ) {}

  @Get('classes')
  @ApiOperation({ summary: "The head teacher's classes in every round, with their final-term flow and what is missing" })
  async classList(@CurrentUser() me: Principal, @Lang() lang: Language): Promise<Envelope<FinalClassRow[]>> {
    return ok(await this.classes.execute(me, lang));
  }

  @Get('students/:studentId')
  @ApiOperation({ summary: "A student's final-term evaluations from the public notice on: the student, a guardian, the head teacher" })
  async studentResults(@Param('studentId') studentId: string, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<StudentFinalEvaluation[]>> {
    return ok(await this.student.execute(studentId, me, client));
  }
}
