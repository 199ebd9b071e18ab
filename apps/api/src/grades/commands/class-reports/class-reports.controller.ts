import { createReadStream } from 'node:fs';
import { Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { classReportsStartSchema, type Envelope, type Language } from '@schoolflow/contracts';
import type { Response } from 'express';
import { attachmentHeader } from '../../../admin/shared/admin-support.js';
import { ok } from '../../../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal } from '../../../infrastructure/http/request-context.js';
import { ValidBody } from '../../../infrastructure/http/valid-input.js';
import { ClassReportsRunner } from './class-reports.runner.js';
import { StartClassReports, type StartClassReportsInput } from './start-class-reports.handler.js';

@ApiTags('grades')
@Controller('api/grades/report/class-jobs')
export class ClassReportsController {
  constructor(
    private readonly startJob: StartClassReports,
    private readonly runner: ClassReportsRunner,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: "Make a class's semester reports as one PDF in the background (its head teacher, grade managers): {jobId, total}" })
  async start(@ValidBody(classReportsStartSchema) body: StartClassReportsInput, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<{ jobId: string; total: number }>> {
    return ok(await this.startJob.execute(body, me, client, lang));
  }

  @Get(':jobId/file')
  @ApiProduces('application/pdf')
  @ApiOperation({ summary: "A finished class reports job's PDF, for the one who asked for it" })
  async file(@Param('jobId') jobId: string, @CurrentUser() me: Principal, @Res() res: Response): Promise<void> {
    const f = await this.runner.file(jobId, me.userId);
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', attachmentHeader(f.fileName));
    res.setHeader('Cache-Control', 'private, no-store');
    createReadStream(f.path).pipe(res);
  }
}
