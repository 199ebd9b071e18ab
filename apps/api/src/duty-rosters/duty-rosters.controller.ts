import { Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type DutyAbsence,
  dutyAbsenceInputSchema,
  type DutyAbsenceValues,
  type DutyAssignment,
  type DutyCandidate,
  dutyGenerateInputSchema,
  type DutyGenerateValues,
  type DutyPost,
  dutyPostInputSchema,
  type DutyPostValues,
  type DutyRosterDetail,
  dutyRosterInputSchema,
  type DutyRosterSummary,
  type DutyRosterValues,
  dutySlotInputSchema,
  type DutySlotValues,
  type Envelope,
  isUuid,
  type Language,
} from '@schoolflow/contracts';
import { ok } from '../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal } from '../infrastructure/http/request-context.js';
import { ValidBody } from '../infrastructure/http/valid-input.js';
import { translate } from '../infrastructure/i18n/i18n.js';
import { ManageRosters } from './commands/manage-rosters/manage-rosters.handler.js';
import { DutyErrors } from './duty-rosters.errors.js';
import { DutyLists } from './queries/duty-lists/duty-lists.query.js';

const roster = (id: string): string => {
  if (!isUuid(id)) throw DutyErrors.notFound();
  return id;
};

/**
 * 值岗安排 (DESIGN §16 `/server/api/duty-rosters`; docs/product/office.md#duty-rosters): posts, rosters, the rotation,
 * publishing, recorded leave; one's own duties. A swap is the `duty-swap` flow's (`/api/workflows/duty-swap`).
 * Permission checks are the use cases'.
 */
@ApiTags('duty-rosters')
@Controller('api/duty-rosters')
export class DutyRostersController {
  constructor(
    private readonly lists: DutyLists,
    private readonly manage: ManageRosters,
  ) {}

  @Get('posts')
  @ApiOperation({ summary: 'The duty posts and their daily time' })
  async posts(): Promise<Envelope<DutyPost[]>> {
    return ok(await this.lists.posts());
  }

  @Post('posts')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add a duty post (duty:manage)' })
  async addPost(@ValidBody(dutyPostInputSchema) body: DutyPostValues, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<DutyPost>> {
    return ok(await this.manage.addPost(body, me, client), translate(lang, 'duty.results.postSaved'));
  }

  @Get('staff')
  @ApiOperation({ summary: 'The staff one may put on duty or swap with' })
  async staff(@Lang() lang: Language): Promise<Envelope<DutyCandidate[]>> {
    return ok(await this.lists.staff(lang));
  }

  @Get('absences')
  @ApiOperation({ summary: 'Teachers’ recorded leave, recent first (duty:manage)' })
  async absences(@CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<DutyAbsence[]>> {
    return ok(await this.lists.absences(me, client));
  }

  @Post('absences')
  @HttpCode(200)
  @ApiOperation({ summary: 'Record a teacher’s approved leave: the rotation skips them on those days (duty:manage)' })
  async addAbsence(@ValidBody(dutyAbsenceInputSchema) body: DutyAbsenceValues, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<DutyAbsence[]>> {
    return ok(await this.manage.addAbsence(body, me, client), translate(lang, 'duty.results.absenceSaved'));
  }

  @Get('mine')
  @ApiOperation({ summary: 'My duties from today on (published rosters)' })
  async mine(@CurrentUser() me: Principal): Promise<Envelope<DutyAssignment[]>> {
    return ok(await this.lists.mine(me));
  }

  @Get()
  @ApiOperation({ summary: 'The rosters: published ones; drafts too for duty:manage' })
  async rosters(@CurrentUser() me: Principal): Promise<Envelope<DutyRosterSummary[]>> {
    return ok(await this.lists.rosters(me));
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'A new roster (a draft) over at most 31 days (duty:manage)' })
  async create(@ValidBody(dutyRosterInputSchema) body: DutyRosterValues, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<DutyRosterDetail>> {
    return ok(await this.manage.create(body, me, client), translate(lang, 'duty.results.created'));
  }

  @Get(':id')
  @ApiOperation({ summary: 'One roster: its duty days, the holidays skipped, posts and duties' })
  async one(@Param('id') id: string, @CurrentUser() me: Principal): Promise<Envelope<DutyRosterDetail>> {
    return ok(await this.lists.detail(roster(id), me));
  }

  @Post(':id/generate')
  @HttpCode(200)
  @ApiOperation({ summary: 'The fair rotation over chosen posts and teachers, skipping holidays and leave (a draft; duty:manage)' })
  async generate(@Param('id') id: string, @ValidBody(dutyGenerateInputSchema) body: DutyGenerateValues, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<DutyRosterDetail>> {
    const detail = await this.manage.generate(roster(id), body, me, client);
    return ok(detail, translate(lang, 'duty.results.generated', { count: detail.slots }));
  }

  @Put(':id/slot')
  @ApiOperation({ summary: 'One slot by hand: a post on a day, a teacher or none (a draft; duty:manage)' })
  async slot(@Param('id') id: string, @ValidBody(dutySlotInputSchema) body: DutySlotValues, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<DutyRosterDetail>> {
    return ok(await this.manage.setSlot(roster(id), body, me, client), translate(lang, 'duty.results.saved'));
  }

  @Post(':id/publish')
  @HttpCode(200)
  @ApiOperation({ summary: 'Publish a roster: its teachers are told (duty:manage)' })
  async publish(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<DutyRosterDetail>> {
    const { roster: detail, told } = await this.manage.publish(roster(id), me, client);
    return ok(detail, translate(lang, 'duty.results.published', { count: told }));
  }
}
