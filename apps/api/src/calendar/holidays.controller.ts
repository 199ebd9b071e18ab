import { Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Envelope, type Holiday, holidayInputSchema, type HolidayListQuery, holidayListQuerySchema, type HolidayValues, isUuid } from '@schoolflow/contracts';
import { ok } from '../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, type Principal } from '../infrastructure/http/request-context.js';
import { ValidBody, ValidQuery } from '../infrastructure/http/valid-input.js';
import { CalendarErrors } from './calendar.errors.js';
import { DeleteHoliday } from './commands/delete-holiday/delete-holiday.handler.js';
import { SaveHoliday } from './commands/save-holiday/save-holiday.handler.js';
import { ListHolidays } from './queries/list-holidays/list-holidays.query.js';

const holiday = (id: string): string => {
  if (!isUuid(id)) throw CalendarErrors.holidayNotFound();
  return id;
};

/**
 * 法定节假日设置 (DESIGN §16 `/server/api/calendar` `holidays`; docs/product/office.md#public-holidays): the declared
 * days — read by anyone signed in (the timetable and the leave form need them), changed by those granted
 * calendar:holidays:edit; every check in the use cases, changes and refusals logged.
 */
@ApiTags('calendar')
@Controller('api/calendar/holidays')
export class HolidaysController {
  constructor(
    private readonly list: ListHolidays,
    private readonly save: SaveHoliday,
    private readonly remove: DeleteHoliday,
  ) {}

  @Get()
  @ApiOperation({ summary: 'The declared holidays and make-up workdays of a year (`year`) or a range (`from`, `to`), in date order' })
  async holidays(@ValidQuery(holidayListQuerySchema) q: HolidayListQuery): Promise<Envelope<Holiday[]>> {
    return ok(await this.list.execute(q));
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Declare a date a holiday, or a make-up workday holding the lessons of a weekday (one declaration a date)' })
  async create(@ValidBody(holidayInputSchema) body: HolidayValues, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<Holiday>> {
    return ok(await this.save.create(body, me, client));
  }

  @Put(':id')
  @ApiOperation({ summary: 'Change a declaration' })
  async update(@Param('id') id: string, @ValidBody(holidayInputSchema) body: HolidayValues, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<Holiday>> {
    return ok(await this.save.update(holiday(id), body, me, client));
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Remove a declaration: the date is an ordinary day again' })
  async delete(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<null>> {
    await this.remove.execute(holiday(id), me, client);
    return ok(null);
  }
}
