import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Envelope, Language } from '@schoolflow/contracts';
import { ok } from '../../../infrastructure/http/envelope.js';
import { CurrentUser, Lang, type Principal } from '../../../infrastructure/http/request-context.js';
import { FlowParam } from '../../domain/flow-param.js';
import { FlowViews } from '../../domain/flow-views.service.js';

@ApiTags('workflows')
@Controller('api/workflows')
export class FormOptionsController {
  constructor(private readonly views: FlowViews) {}

  @FlowParam()
  @Get(':flow/options/:field')
  @ApiOperation({ summary: 'The choices of a form field the server gives (a lendable classroom, …), for one who may start the flow' })
  async options(@Param('flow') flow: string, @Param('field') field: string, @CurrentUser() me: Principal, @Lang() lang: Language): Promise<Envelope<{ value: string; label: string }[]>> {
    return ok(await this.views.formOptions(flow, field, me, lang));
  }
}
