import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Envelope, isUuid, type Language, type PublishedScore } from '@schoolflow/contracts';
import { ok } from '../../../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal } from '../../../infrastructure/http/request-context.js';
import { OperationLogService } from '../../../system/domain/operation-log.service.js';
import { PublishedScoresRepository } from '../../domain/published-scores.repository.js';
import { GradesErrors } from '../../grades.errors.js';

@ApiTags('grades')
@Controller('api/grades')
export class PublishedScoresController {
  constructor(
    private readonly published: PublishedScoresRepository,
    private readonly oplog: OperationLogService,
  ) {}

  @Get('published')
  @ApiOperation({ summary: "A student's published scores with rank and level (no studentId: my own, or my only child's)" })
  async read(@Query('studentId') studentId: string | undefined, @Query('semesterId') semesterId: string | undefined, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<PublishedScore[]>> {
    const id = studentId ?? (await this.published.ownStudent(me.userId));
    if (!id || !isUuid(id) || !(await this.published.mayRead(me, id))) {
      await this.oplog.append({ userId: me.userId, account: me.account, action: 'access.denied', target: `GET grades/published?studentId=${studentId ?? ''}`, result: 'denied', ip: client.ip, userAgent: client.userAgent, detail: { reason: 'grades.errors.reportForbidden' } });
      throw GradesErrors.reportForbidden();
    }
    return ok(await this.published.forStudent(id, lang, semesterId && isUuid(semesterId) ? semesterId : null));
  }
}
