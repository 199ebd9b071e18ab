import { Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type Envelope,
  isUuid,
  type Language,
  type ZoubanChoiceInput,
  zoubanChoiceInputSchema,
  type ZoubanCombinationCount,
  type ZoubanGenerated,
  type ZoubanMyChoice,
  type ZoubanProgress,
  type ZoubanProgressQuery,
  zoubanProgressQuerySchema,
  type ZoubanTeachingClass,
  type ZoubanWindow,
  type ZoubanWindowInput,
  zoubanWindowInputSchema,
} from '@schoolflow/contracts';
import { ok } from '../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal } from '../infrastructure/http/request-context.js';
import { ValidBody, ValidQuery } from '../infrastructure/http/valid-input.js';
import { ClassWalkingErrors } from './class-walking.errors.js';
import { ChooseCombination } from './commands/choose/choose.handler.js';
import { GenerateTeachingClasses } from './commands/generate/generate.handler.js';
import { SaveZoubanWindow } from './commands/save-window/save-window.handler.js';
import { ZoubanCombinations } from './queries/combinations/combinations.query.js';
import { ListZoubanWindows } from './queries/list-windows/list-windows.query.js';
import { ZoubanClassProgress } from './queries/progress/progress.query.js';

/** An id in the path: anything that is not one is a window that does not exist. */
const known = (id: string): string => {
  if (!isUuid(id)) throw ClassWalkingErrors.notFound();
  return id;
};

/**
 * 走班管理 (docs/product/class-walking-and-registrations.md#calls): windows with their subject groups and rules, a
 * student's choice, a class's progress, the counts per combination and generating teaching classes. Permission and
 * ownership are the handlers' (a manager, the class's head teacher, the student themselves).
 */
@ApiTags('class-walking')
@Controller('api/zouban')
export class ClassWalkingController {
  constructor(
    private readonly saving: SaveZoubanWindow,
    private readonly choosing: ChooseCombination,
    private readonly generating: GenerateTeachingClasses,
    private readonly listing: ListZoubanWindows,
    private readonly progressOf: ZoubanClassProgress,
    private readonly counting: ZoubanCombinations,
  ) {}

  @Get('windows')
  @ApiOperation({ summary: 'Class-walking windows: all for managers, one\'s grade\'s for students and head teachers' })
  async windows(@CurrentUser() me: Principal, @Lang() lang: Language): Promise<Envelope<ZoubanWindow[]>> {
    return ok(await this.listing.execute(me, lang));
  }

  @Post('windows')
  @HttpCode(200)
  @ApiOperation({ summary: 'A new window: semester, grade, sign-up start and end (end after start), subject groups with their rules, capacity' })
  async create(@ValidBody(zoubanWindowInputSchema) body: ZoubanWindowInput, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<{ id: string }>> {
    return ok(await this.saving.create(body, me, client));
  }

  @Put('windows/:id')
  @ApiOperation({ summary: 'Change a window; once anyone chose only its name, end, capacity and periods' })
  async update(@Param('id') id: string, @ValidBody(zoubanWindowInputSchema) body: ZoubanWindowInput, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<{ id: string }>> {
    return ok(await this.saving.update(known(id), body, me, client));
  }

  @Delete('windows/:id')
  @ApiOperation({ summary: 'Delete a window nobody chose in' })
  async remove(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<null>> {
    await this.saving.remove(known(id), me, client);
    return ok(null);
  }

  @Get('windows/:id/choice')
  @ApiOperation({ summary: 'The signed-in student\'s combination' })
  async mine(@Param('id') id: string, @CurrentUser() me: Principal, @Lang() lang: Language): Promise<Envelope<ZoubanMyChoice>> {
    return ok(await this.listing.mine(known(id), me, lang));
  }

  @Put('windows/:id/choice')
  @ApiOperation({ summary: 'Choose a combination while the window is open (the rules of each subject group); the head teacher\'s page is told' })
  async choose(@Param('id') id: string, @ValidBody(zoubanChoiceInputSchema) body: ZoubanChoiceInput, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<ZoubanMyChoice>> {
    return ok(await this.choosing.execute(known(id), body, me, client, lang));
  }

  @Get('windows/:id/progress')
  @ApiOperation({ summary: 'A class\'s students and their combinations (its head teacher, or a manager)' })
  async progress(@Param('id') id: string, @ValidQuery(zoubanProgressQuerySchema) q: ZoubanProgressQuery, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<ZoubanProgress>> {
    return ok(await this.progressOf.execute(known(id), q.classId, me, client, lang));
  }

  @Get('windows/:id/combinations')
  @ApiOperation({ summary: 'Students per combination (managers)' })
  async combinations(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<ZoubanCombinationCount[]>> {
    return ok(await this.counting.execute(known(id), me, client, lang));
  }

  @Post('windows/:id/generate')
  @HttpCode(200)
  @ApiOperation({ summary: 'After the window: teaching classes within the capacity, their lessons placed in the published timetable where free' })
  async generate(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<ZoubanGenerated>> {
    return ok(await this.generating.execute(known(id), me, client));
  }

  @Get('windows/:id/classes')
  @ApiOperation({ summary: 'The teaching classes a window generated, with sizes and lessons placed (managers)' })
  async classes(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<ZoubanTeachingClass[]>> {
    return ok(await this.listing.classes(known(id), me, client, lang));
  }
}
