import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Envelope, WorkflowAssignee } from '@schoolflow/contracts';
import { ok } from '../../../infrastructure/http/envelope.js';
import { CurrentUser, type Principal } from '../../../infrastructure/http/request-context.js';
import { FlowParam } from '../../domain/flow-param.js';
import { WorkflowPeople } from '../../domain/workflow-people.service.js';

@ApiTags('workflows')
@Controller('api/workflows')
export class TransferCandidatesController {
  constructor(private readonly people: WorkflowPeople) {}

  @FlowParam()
  @Get(':flow/:id/transfer-candidates')
  @ApiOperation({ summary: '转办: who holds the current step’s role and could take it over (empty unless I may transfer it); `command` another command naming a person (a repair’s DISPATCH): its role’s holders' })
  @ApiQuery({ name: 'command', required: false, schema: { type: 'string', pattern: '^[A-Z_]{1,30}$' } })
  async candidates(@Param('flow') flow: string, @Param('id') id: string, @Query('command') command: unknown, @CurrentUser() me: Principal): Promise<Envelope<WorkflowAssignee[]>> {
    const named = typeof command === 'string' && /^[A-Z_]{1,30}$/.test(command) ? command : 'TRANSFER';
    return ok(await this.people.transferCandidates(flow, id, me, named));
  }

  @FlowParam()
  @Get(':flow/:id/cc-candidates')
  @ApiOperation({ summary: '抄送: enabled users whose name or account contains q (at most 20), for one who may copy this instance' })
  async ccCandidates(@Param('flow') flow: string, @Param('id') id: string, @Query('q') q: unknown, @CurrentUser() me: Principal): Promise<Envelope<WorkflowAssignee[]>> {
    return ok(await this.people.ccCandidates(flow, id, typeof q === 'string' ? q.trim().slice(0, 50) : '', me));
  }
}
