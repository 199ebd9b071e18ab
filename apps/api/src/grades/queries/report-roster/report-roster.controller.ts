import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { type Envelope, isUuid, type Language, type MyStudent, type ResourceOption } from '@schoolflow/contracts';
import { ok } from '../../../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal } from '../../../infrastructure/http/request-context.js';
import { OperationLogService } from '../../../system/domain/operation-log.service.js';
import { GradesErrors } from '../../grades.errors.js';
import { ReportClassesRepository } from '../report/report-classes.repository.js';

/**
 * Whom the report page offers to someone who prints reports for others: the classes they may (every class in school
 * for grade managers, their own for a head teacher), and a class's students.
 */
@ApiTags('grades')
@Controller('api/grades/report')
export class ReportRosterController {
  constructor(
    private readonly classes: ReportClassesRepository,
    private readonly oplog: OperationLogService,
  ) {}

  @Get('classes')
  @ApiOperation({ summary: 'The classes whose reports I may make (grade managers: all in school; a head teacher: their own)' })
  async mine(@CurrentUser() me: Principal, @Lang() lang: Language): Promise<Envelope<ResourceOption[]>> {
    return ok(await this.classes.classes(me, lang));
  }

  @Get('students')
  @ApiQuery({ name: 'classId', required: true, schema: { type: 'string', format: 'uuid' } })
  @ApiOperation({ summary: "A class's enrolled students, for its head teacher and grade managers" })
  async students(@Query('classId') classId: unknown, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<MyStudent[]>> {
    if (typeof classId !== 'string' || classId === '') throw GradesErrors.classRequired();
    if (!isUuid(classId) || !(await this.classes.exists(classId))) throw GradesErrors.classNotFound();
    if (!(await this.classes.mayReport(me, classId))) {
      await this.oplog.append({ userId: me.userId, account: me.account, action: 'access.denied', target: `GET grades/report/students?classId=${classId}`, result: 'denied', ip: client.ip, userAgent: client.userAgent, detail: { reason: 'grades.errors.classReportsForbidden' } });
      throw GradesErrors.classReportsForbidden();
    }
    return ok(await this.classes.students(classId, lang));
  }
}
