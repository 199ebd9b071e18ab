import { Controller, Get, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Envelope, type Language, type TimetableAnswer, type TimetableExportQuery, timetableExportSchema, TimetablePermission, type TimetableQuery, timetableQuerySchema, type TimetableScope } from '@schoolflow/contracts';
import { attachmentHeader, XLSX_MIME } from '../../../admin/shared/admin-support.js';
import { ok } from '../../../infrastructure/http/envelope.js';
import { CurrentUser, Lang, type Principal, RequirePermissions } from '../../../infrastructure/http/request-context.js';
import { translate } from '../../../infrastructure/i18n/i18n.js';
import { ValidQuery } from '../../../infrastructure/http/valid-input.js';
import { TimetableScopes } from '../../domain/timetable-scope.js';
import { TimetableInquiry } from './timetable-inquiry.query.js';
import { timetableWorkbook } from './timetable-workbook.js';

/** 课表查询 (docs/product/timetable.md#inquiry: all, teacher, head teacher, foreign teacher). */
@ApiTags('timetable')
@Controller('api/timetable')
@RequirePermissions(TimetablePermission.inquiry)
export class TimetableInquiryController {
  constructor(
    private readonly inquiry: TimetableInquiry,
    private readonly scopes: TimetableScopes,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      'A semester\'s timetable (the published one; a draft by timetableId for those who make them): the weekly template, or with `week` that teaching week\'s dates with make-ups and swaps; narrowed by classId, teachingClassId, teacherId, classroomId, foreign=1, mine=1 (a teacher\'s own), headTeacher=1 (the class one heads); students and parents see only their own',
  })
  async read(@ValidQuery(timetableQuerySchema) q: TimetableQuery, @CurrentUser() me: Principal, @Lang() lang: Language): Promise<Envelope<TimetableAnswer>> {
    return ok(await this.inquiry.execute(q, me, lang));
  }

  @Get('scope')
  @ApiOperation({ summary: 'What the inquiry may show the signed-in user: staff, a student or a parent; the classes they head; their own record or children' })
  async scope(@CurrentUser() me: Principal, @Lang() lang: Language): Promise<Envelope<TimetableScope>> {
    return ok(await this.scopes.of(me, lang));
  }

  @Get('export')
  @ApiOperation({ summary: 'The same lessons as an Excel workbook, one sheet per class, teacher or room (`by`)' })
  async export(@ValidQuery(timetableExportSchema) q: TimetableExportQuery, @CurrentUser() me: Principal, @Lang() lang: Language): Promise<StreamableFile> {
    const answer = await this.inquiry.execute(q, me, lang);
    const name = `${translate(lang, 'timetable.export.fileName')}-${answer.semester.name}${answer.week ? `-W${answer.week}` : ''}.xlsx`;
    return new StreamableFile(timetableWorkbook(answer, q.by, lang), { type: XLSX_MIME, disposition: attachmentHeader(name) });
  }
}
