import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type ActivityValues,
  activityInputSchema,
  type AddMemberValues,
  addMemberSchema,
  candidateQuerySchema,
  type ChangeRoleValues,
  changeRoleSchema,
  type EndTermValues,
  endTermSchema,
  type Envelope,
  isUuid,
  type Language,
  type MyOrganisations,
  type OrganisationActivity,
  type OrganisationCandidate,
  type OrganisationDirectoryQuery,
  organisationDirectoryQuerySchema,
  type OrganisationProfile,
  type OrganisationSummary,
} from '@schoolflow/contracts';
import type { z } from 'zod';
import { ok } from '../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal } from '../infrastructure/http/request-context.js';
import { ValidBody, ValidQuery } from '../infrastructure/http/valid-input.js';
import { translate } from '../infrastructure/i18n/i18n.js';
import { AddMember } from './commands/add-member/add-member.handler.js';
import { ChangeRole } from './commands/change-role/change-role.handler.js';
import { EndTerm } from './commands/end-term/end-term.handler.js';
import { PublishActivity } from './commands/publish-activity/publish-activity.handler.js';
import { OrganisationsErrors } from './organisations.errors.js';
import { OrganisationDirectory } from './queries/directory/directory.query.js';
import { OrganisationProfileQuery } from './queries/profile/profile.query.js';

const bodyId = (id: string): string => {
  if (!isUuid(id)) throw OrganisationsErrors.notFound();
  return id;
};
const termId = (id: string): string => {
  if (!isUuid(id)) throw OrganisationsErrors.memberNotFound();
  return id;
};

/**
 * 学生组织 (DESIGN §15 `/server/api/organisations`; docs/product/campus-life.md#organisations): the directory, my
 * organisations, a body's page, its members' terms and its activities. The bodies are the resource kit's (`/bodies`,
 * organisations:manage); join requests are the `organisation-join` flow's (`/api/workflows/organisation-join`).
 * Permission and ownership are the use cases'.
 */
@ApiTags('organisations')
@Controller('api/organisations')
export class OrganisationsController {
  constructor(
    private readonly directory: OrganisationDirectory,
    private readonly profiles: OrganisationProfileQuery,
    private readonly adding: AddMember,
    private readonly changing: ChangeRole,
    private readonly ending: EndTerm,
    private readonly publishing: PublishActivity,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Every body in use, by kind, with my role, my waiting request and whether I may ask to join (anyone signed in)' })
  async list(@ValidQuery(organisationDirectoryQuerySchema) q: OrganisationDirectoryQuery, @CurrentUser() me: Principal): Promise<Envelope<OrganisationSummary[]>> {
    return ok(await this.directory.list(q, me));
  }

  @Get('mine')
  @ApiOperation({ summary: 'My terms of every body (current first) and the bodies I advise' })
  async mine(@CurrentUser() me: Principal, @Lang() lang: Language): Promise<Envelope<MyOrganisations>> {
    return ok(await this.directory.mine(me, lang));
  }

  @Get('bodies/:id/profile')
  @ApiOperation({ summary: 'A body, its current members; its history and waiting join requests to its advisor and organisations:manage' })
  async profile(@Param('id') id: string, @CurrentUser() me: Principal, @Lang() lang: Language): Promise<Envelope<OrganisationProfile>> {
    return ok(await this.profiles.profile(bodyId(id), me, lang));
  }

  @Post('bodies/:id/members')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add a member for a term: a student (a parent for the parent committee), a role, from, to? (its advisor, organisations:manage)' })
  async add(@Param('id') id: string, @ValidBody(addMemberSchema) body: AddMemberValues, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<OrganisationProfile>> {
    return ok(await this.adding.execute(bodyId(id), body, me, client, lang), translate(lang, 'organisations.results.added'));
  }

  @Post('bodies/:id/members/:memberId/role')
  @HttpCode(200)
  @ApiOperation({ summary: 'Another role from a day: the term ends the day before, a new one begins; the old one is kept (its advisor, organisations:manage)' })
  async role(@Param('id') id: string, @Param('memberId') memberId: string, @ValidBody(changeRoleSchema) body: ChangeRoleValues, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<OrganisationProfile>> {
    return ok(await this.changing.execute(bodyId(id), termId(memberId), body, me, client, lang), translate(lang, 'organisations.results.roleChanged'));
  }

  @Post('bodies/:id/members/:memberId/end')
  @HttpCode(200)
  @ApiOperation({ summary: 'End a term on a day (its advisor, organisations:manage)' })
  async end(@Param('id') id: string, @Param('memberId') memberId: string, @ValidBody(endTermSchema) body: EndTermValues, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<OrganisationProfile>> {
    return ok(await this.ending.execute(bodyId(id), termId(memberId), body, me, client, lang), translate(lang, 'organisations.results.ended'));
  }

  @Get('bodies/:id/candidates')
  @ApiOperation({ summary: 'Enrolled students (parents, for the parent committee) by name, number or account, up to 20 (its advisor, organisations:manage)' })
  async candidates(@Param('id') id: string, @ValidQuery(candidateQuerySchema) q: z.output<typeof candidateQuerySchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<OrganisationCandidate[]>> {
    return ok(await this.profiles.candidates(bodyId(id), q.q, me, client, lang));
  }

  @Get('bodies/:id/activities')
  @ApiOperation({ summary: 'A body’s published activities (posts of the publishing area), newest first' })
  async activities(@Param('id') id: string, @CurrentUser() me: Principal): Promise<Envelope<OrganisationActivity[]>> {
    return ok(await this.profiles.activities(bodyId(id), me));
  }

  @Post('bodies/:id/activities')
  @HttpCode(200)
  @ApiOperation({ summary: 'Publish an activity of the body: a post of kind activity to its members or the whole school (its advisor, organisations:manage)' })
  async publish(@Param('id') id: string, @ValidBody(activityInputSchema) body: ActivityValues, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<OrganisationActivity>> {
    return ok(await this.publishing.execute(bodyId(id), body, me, client), translate(lang, 'organisations.results.published'));
  }
}
