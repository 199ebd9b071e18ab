import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Envelope, isUuid, type MyHealth, type MyHealthQuery as MyHealthParams, myHealthQuerySchema, type StudentRisk, type StudentRiskFlags, type StudentRisksQuery, studentRisksQuerySchema } from '@schoolflow/contracts';
import { ok } from '../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, type Principal } from '../infrastructure/http/request-context.js';
import { ValidBody, ValidQuery } from '../infrastructure/http/valid-input.js';
import { HealthErrors } from './health.errors.js';
import { MyHealthQuery } from './queries/my-health/my-health.query.js';
import { StudentRiskFlagsQuery } from './queries/student-risk-flags/student-risk-flags.query.js';
import { StudentRiskQuery } from './queries/student-risk/student-risk.query.js';

/**
 * 健康管理 beside the kit's four resources (DESIGN §15 `/server/api/health`; docs/product/campus-life.md#health-care):
 * the family's page, the flag of a student's page and the flags of a page of the students list. Permission and ownership are the queries'.
 */
@ApiTags('health')
@Controller('api/health')
export class HealthController {
  constructor(
    private readonly mine: MyHealthQuery,
    private readonly risks: StudentRiskQuery,
    private readonly flags: StudentRiskFlagsQuery,
  ) {}

  @Get('mine')
  @ApiOperation({ summary: "A student's own health records, a parent's child's (studentId: which child)" })
  async own(@ValidQuery(myHealthQuerySchema) q: MyHealthParams, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<MyHealth>> {
    return ok(await this.mine.execute(q, me, client));
  }

  @Get('students/:id/risk')
  @ApiOperation({ summary: "The risk flag of a student's page: the highest risk of their active conditions (the doctor, the head teacher)" })
  async risk(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<StudentRisk>> {
    if (!isUuid(id)) throw HealthErrors.notFound();
    return ok(await this.risks.execute(id, me, client));
  }

  @Post('student-risks')
  @HttpCode(200)
  @ApiOperation({ summary: 'The medium/high risk flags of a page of students (the students list badge): the doctor every student, a head teacher their classes' })
  async riskFlags(@ValidBody(studentRisksQuerySchema) body: StudentRisksQuery, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<StudentRiskFlags>> {
    return ok(await this.flags.execute(body.studentIds, me, client));
  }
}
