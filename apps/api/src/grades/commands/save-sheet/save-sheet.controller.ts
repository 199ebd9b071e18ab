import { Controller, Get, Param, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Envelope, type GradeSheet, GradePermission, type Language, type SaveSheetInput, saveSheetSchema } from '@schoolflow/contracts';
import { ok } from '../../../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal, RequirePermissions } from '../../../infrastructure/http/request-context.js';
import { ValidBody } from '../../../infrastructure/http/valid-input.js';
import { translate } from '../../../infrastructure/i18n/i18n.js';
import { GetSheet } from '../../queries/get-sheet/get-sheet.query.js';
import { SaveSheet } from './save-sheet.handler.js';

const SHEET = ':batchId/sheets/:classId/:courseId';

@ApiTags('grades')
@Controller('api/grades/batches')
export class SheetController {
  constructor(
    private readonly save: SaveSheet,
    private readonly get: GetSheet,
  ) {}

  @Get(SHEET)
  @ApiOperation({ summary: "A score sheet: its state and rows (its teacher, its reviewers, the class's head teacher, managers)" })
  async read(@Param('batchId') b: string, @Param('classId') c: string, @Param('courseId') co: string, @CurrentUser() me: Principal, @Lang() lang: Language): Promise<Envelope<GradeSheet>> {
    return ok(await this.get.execute(b, c, co, me, lang));
  }

  @Put(SHEET)
  @RequirePermissions(GradePermission.entry)
  @ApiOperation({ summary: 'Save scores of a sheet while its teacher has it: {scores: [{studentId, score?, mark?, items?}]}' })
  async write(
    @Param('batchId') b: string,
    @Param('classId') c: string,
    @Param('courseId') co: string,
    @ValidBody(saveSheetSchema) input: SaveSheetInput,
    @CurrentUser() me: Principal,
    @Client() client: ClientInfo,
    @Lang() lang: Language,
  ): Promise<Envelope<{ saved: number }>> {
    return ok(await this.save.execute(b, c, co, input, me, client, lang), translate(lang, 'grades.done.saved'));
  }
}
