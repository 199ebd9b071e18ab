import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Envelope, Language } from '@schoolflow/contracts';
import { ok } from '../../../infrastructure/http/envelope.js';
import { CurrentUser, Lang, type Principal } from '../../../infrastructure/http/request-context.js';
import { FlowParam } from '../../domain/flow-param.js';
import { FlowViews } from '../../domain/flow-views.service.js';

@ApiTags('workflows')
@Controller('api/workflows')
export class FlowViewController {
  constructor(private readonly views: FlowViews) {}

  @FlowParam()
  @Get(':flow/views/:view')
  @ApiOperation({ summary: "A flow's read-only view (classroom-loan: day — one room's bookings of a day), for one who may start the flow" })
  async view(@Param('flow') flow: string, @Param('view') view: string, @Query() query: Record<string, unknown>, @CurrentUser() me: Principal, @Lang() lang: Language): Promise<Envelope<unknown>> {
    return ok(await this.views.view(flow, view, query, me, lang));
  }
}
