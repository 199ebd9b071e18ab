import { Controller, HttpCode, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Envelope, type Language, type PlaceLessonsInput, placeLessonsSchema, TimetablePermission } from '@schoolflow/contracts';
import { ok } from '../../../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal, RequirePermissions } from '../../../infrastructure/http/request-context.js';
import { translate } from '../../../infrastructure/i18n/i18n.js';
import { ValidBody } from '../../../infrastructure/http/valid-input.js';
import { PlaceLessons } from './place-lessons.handler.js';

@ApiTags('timetable')
@Controller('api/timetable/lessons')
export class PlaceLessonsController {
  constructor(private readonly place: PlaceLessons) {}

  @Put()
  @HttpCode(200)
  @RequirePermissions(TimetablePermission.schedule)
  @ApiOperation({ summary: "A class's (or teaching class's) week in a draft timetable, replaced as a whole; a clash answers 409 上课时间冲突 with `data.clashes`" })
  async run(@ValidBody(placeLessonsSchema) body: PlaceLessonsInput, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<{ lessons: number }>> {
    return ok(await this.place.execute(body, me, client, lang), translate(lang, 'timetable.done.saved'));
  }
}
