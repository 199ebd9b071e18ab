import { Controller, Delete, Get, HttpCode, Param, Post, Put, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import {
  type Envelope,
  type EvalMySheet,
  type EvalProgress,
  type EvalResults,
  type EvalRound,
  evalRoundInputSchema,
  evalRoundListQuerySchema,
  type EvalRoundSummary,
  type EvalSchoolYear,
  evalResultsQuerySchema,
  type EvalSheet,
  evalSheetQuerySchema,
  type EvalSheetSaved,
  evalSheetSaveSchema,
  type EvalTemplate,
  evalTemplateInputSchema,
  evalTemplateListQuerySchema,
  type EvalTemplateSummary,
  isUuid,
  type Language,
} from '@schoolflow/contracts';
import type { Response } from 'express';
import type { z } from 'zod';
import { attachmentHeader, XLSX_MIME } from '../admin/shared/admin-support.js';
import { ok } from '../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal } from '../infrastructure/http/request-context.js';
import { ValidBody, ValidQuery } from '../infrastructure/http/valid-input.js';
import { CreateRound } from './commands/create-round/create-round.handler.js';
import { DeleteRound } from './commands/delete-round/delete-round.handler.js';
import { DeleteTemplate } from './commands/delete-template/delete-template.handler.js';
import { SaveSheet } from './commands/save-sheet/save-sheet.handler.js';
import { SaveTemplate } from './commands/save-template/save-template.handler.js';
import { EvaluationsErrors } from './evaluations.errors.js';
import { ExportResults } from './queries/export-results/export-results.query.js';
import { GetSheet } from './queries/get-sheet/get-sheet.query.js';
import { ListRounds } from './queries/list-rounds/list-rounds.query.js';
import { ListSchoolYears } from './queries/list-school-years/list-school-years.query.js';
import { ListTemplates } from './queries/list-templates/list-templates.query.js';
import { MySheets } from './queries/my-sheets/my-sheets.query.js';
import { RoundProgress } from './queries/round-progress/round-progress.query.js';
import { RoundResults } from './queries/round-results/round-results.query.js';

const template = (id: string): string => {
  if (!isUuid(id)) throw EvaluationsErrors.templateNotFound();
  return id;
};
const round = (id: string): string => {
  if (!isUuid(id)) throw EvaluationsErrors.roundNotFound();
  return id;
};

/**
 * 学业评价 (DESIGN, docs/product/evaluations.md#calls): templates and rounds (evaluations:manage), the evaluators'
 * sheets (evaluations:evaluate and being the sheet's evaluator), progress, results and export (evaluations:analysis,
 * a head teacher their class) — every check in the use cases, refusals logged.
 */
@ApiTags('evaluations')
@Controller('api/evaluations')
export class EvaluationsController {
  constructor(
    private readonly saveTemplate: SaveTemplate,
    private readonly deleteTemplate: DeleteTemplate,
    private readonly templates: ListTemplates,
    private readonly schoolYears: ListSchoolYears,
    private readonly createRound: CreateRound,
    private readonly deleteRound: DeleteRound,
    private readonly rounds: ListRounds,
    private readonly mySheets: MySheets,
    private readonly sheet: GetSheet,
    private readonly saveSheet: SaveSheet,
    private readonly progress: RoundProgress,
    private readonly results: RoundResults,
    private readonly exporting: ExportResults,
  ) {}

  @Get('school-years')
  @ApiOperation({ summary: '评价设置: the school years with their semesters, the current marked (its pickers)' })
  async listSchoolYears(@CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<EvalSchoolYear[]>> {
    return ok(await this.schoolYears.execute(me, client, lang));
  }

  @Get('templates')
  @ApiOperation({ summary: '评价设置: templates (of a school year) with their counts' })
  async listTemplates(@ValidQuery(evalTemplateListQuerySchema) q: z.output<typeof evalTemplateListQuerySchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<EvalTemplateSummary[]>> {
    return ok(await this.templates.execute(q.schoolYearId, me, client));
  }

  @Post('templates')
  @HttpCode(200)
  @ApiOperation({ summary: 'A template as a three-level tree: themes → contents (evaluators, weights ≤ 100) → levels (score or band); names ≤ 30' })
  async createTemplate(@ValidBody(evalTemplateInputSchema) body: z.output<typeof evalTemplateInputSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<EvalTemplate>> {
    return ok(await this.saveTemplate.create(body, me, client));
  }

  @Get('templates/:id')
  @ApiOperation({ summary: 'One template with its tree' })
  async oneTemplate(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<EvalTemplate>> {
    return ok(await this.templates.one(template(id), me, client));
  }

  @Put('templates/:id')
  @ApiOperation({ summary: 'Change a template; one a round uses changes only its name, description and precision' })
  async updateTemplate(@Param('id') id: string, @ValidBody(evalTemplateInputSchema) body: z.output<typeof evalTemplateInputSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<EvalTemplate>> {
    return ok(await this.saveTemplate.update(template(id), body, me, client));
  }

  @Delete('templates/:id')
  @ApiOperation({ summary: 'Delete a template no round uses' })
  async removeTemplate(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<null>> {
    await this.deleteTemplate.execute(template(id), me, client);
    return ok(null);
  }

  @Get('rounds')
  @ApiOperation({ summary: 'Rounds (of a semester): all for school-wide readers, a head teacher those reaching their classes' })
  async listRounds(@ValidQuery(evalRoundListQuerySchema) q: z.output<typeof evalRoundListQuerySchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<EvalRoundSummary[]>> {
    return ok(await this.rounds.execute(q.semesterId, me, client, lang));
  }

  @Post('rounds')
  @HttpCode(200)
  @ApiOperation({ summary: 'A round: a template applied to grades and/or classes of a semester for a window; peers named' })
  async newRound(@ValidBody(evalRoundInputSchema) body: z.output<typeof evalRoundInputSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<EvalRound>> {
    return ok(await this.createRound.execute(body, me, client, lang));
  }

  @Get('my-sheets')
  @ApiOperation({ summary: '三级评价: the sheets the caller fills, with their progress' })
  async mine(@CurrentUser() me: Principal): Promise<Envelope<EvalMySheet[]>> {
    return ok(await this.mySheets.execute(me));
  }

  @Get('rounds/:id')
  @ApiOperation({ summary: 'One round with its classes (a head teacher: their classes)' })
  async oneRound(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<EvalRound>> {
    return ok(await this.rounds.one(round(id), me, client, lang));
  }

  @Delete('rounds/:id')
  @ApiOperation({ summary: 'Delete a round nothing was entered in' })
  async removeRound(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<null>> {
    await this.deleteRound.execute(round(id), me, client);
    return ok(null);
  }

  @Get('rounds/:id/sheets/:classId')
  @ApiOperation({ summary: "The caller's grid in one evaluator role: only the students they evaluate, the role's contents" })
  async readSheet(@Param('id') id: string, @Param('classId') classId: string, @ValidQuery(evalSheetQuerySchema) q: z.output<typeof evalSheetQuerySchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<EvalSheet>> {
    return ok(await this.sheet.execute(round(id), round(classId), q.evaluator, me, client));
  }

  @Put('rounds/:id/sheets/:classId')
  @ApiOperation({ summary: 'Autosave of the grid: cells (null clears) and comments of any length, inside the window' })
  async writeSheet(@Param('id') id: string, @Param('classId') classId: string, @ValidQuery(evalSheetQuerySchema) q: z.output<typeof evalSheetQuerySchema>, @ValidBody(evalSheetSaveSchema) body: z.output<typeof evalSheetSaveSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<EvalSheetSaved>> {
    return ok(await this.saveSheet.execute(round(id), round(classId), q.evaluator, body, me, client));
  }

  @Get('rounds/:id/progress')
  @ApiOperation({ summary: 'Filled and expected cells per class and evaluator role' })
  async roundProgress(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<EvalProgress>> {
    return ok(await this.progress.execute(round(id), me, client, lang));
  }

  @Get('rounds/:id/results')
  @ApiOperation({ summary: "A class's student × content grid at the template's precision, levels, distributions; no classId: the whole round" })
  async roundResults(@Param('id') id: string, @ValidQuery(evalResultsQuerySchema) q: z.output<typeof evalResultsQuerySchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<EvalResults>> {
    return ok(await this.results.execute(round(id), q.classId, me, client));
  }

  @Get('rounds/:id/export')
  @ApiProduces(XLSX_MIME)
  @ApiOperation({ summary: 'The results grid as .xlsx at the template precision' })
  async exportResults(@Param('id') id: string, @ValidQuery(evalResultsQuerySchema) q: z.output<typeof evalResultsQuerySchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language, @Res() res: Response): Promise<void> {
    const file = await this.exporting.execute(round(id), q.classId, me, client, lang);
    res.setHeader('Content-Type', XLSX_MIME);
    res.setHeader('Content-Disposition', attachmentHeader(file.fileName));
    res.setHeader('Cache-Control', 'no-store');
    res.end(file.body);
  }
}
