import { Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type CheckInInput,
  checkInInputSchema,
  type Envelope,
  isUuid,
  type Language,
  type MyRegistrations,
  type RegistrationEvent,
  type RegistrationEventInput,
  registrationEventInputSchema,
  type RegistrationEventPage,
  type RegistrationEventQuery,
  registrationEventQuerySchema,
  type RegistrationRosterRow,
  type SignUpResult,
} from '@schoolflow/contracts';
import { ok } from '../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal } from '../infrastructure/http/request-context.js';
import { ValidBody, ValidQuery } from '../infrastructure/http/valid-input.js';
import { translate } from '../infrastructure/i18n/i18n.js';
import { CancelSignUp } from './commands/cancel/cancel.handler.js';
import { CheckIn } from './commands/check-in/check-in.handler.js';
import { SaveRegistrationEvent } from './commands/save-event/save-event.handler.js';
import { SignUp } from './commands/sign-up/sign-up.handler.js';
import { ListRegistrationEvents } from './queries/list-events/list-events.query.js';
import { MyRegistrationList } from './queries/mine/mine.query.js';
import { RegistrationRoster } from './queries/roster/roster.query.js';
import { RegistrationsErrors } from './registrations.errors.js';

/** An id in the path: anything that is not one is an event that does not exist. */
const known = (id: string): string => {
  if (!isUuid(id)) throw RegistrationsErrors.notFound();
  return id;
};

/**
 * 讲座 (docs/product/class-walking-and-registrations.md#calls): lectures and activities, sign-up and cancel with the
 * waitlist, the organiser's roster and check-in, a student's own list. Permission and ownership are the handlers'.
 */
@ApiTags('registrations')
@Controller('api/registrations')
export class RegistrationsController {
  constructor(
    private readonly saving: SaveRegistrationEvent,
    private readonly signing: SignUp,
    private readonly cancelling: CancelSignUp,
    private readonly checking: CheckIn,
    private readonly listing: ListRegistrationEvents,
    private readonly rosters: RegistrationRoster,
    private readonly mineList: MyRegistrationList,
  ) {}

  @Get('events')
  @ApiOperation({ summary: 'Lectures and activities, newest first, with counts, phase and one\'s own sign-up' })
  async list(@ValidQuery(registrationEventQuerySchema) q: RegistrationEventQuery, @CurrentUser() me: Principal): Promise<Envelope<RegistrationEventPage>> {
    return ok(await this.listing.execute(q, me));
  }

  @Post('events')
  @HttpCode(200)
  @ApiOperation({ summary: 'Publish a lecture or activity: time, place, capacity, registration window (not opening after the start; a lecture\'s closing before it)' })
  async create(@ValidBody(registrationEventInputSchema) body: RegistrationEventInput, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<{ id: string }>> {
    return ok(await this.saving.create(body, me, client), translate(lang, 'registrations.results.created'));
  }

  @Get('mine')
  @ApiOperation({ summary: 'One\'s own sign-ups and the lectures attended this semester against the twelve required' })
  async mine(@CurrentUser() me: Principal): Promise<Envelope<MyRegistrations>> {
    return ok(await this.mineList.execute(me));
  }

  @Get('events/:id')
  @ApiOperation({ summary: 'One lecture or activity' })
  async one(@Param('id') id: string, @CurrentUser() me: Principal): Promise<Envelope<RegistrationEvent>> {
    return ok(await this.listing.one(known(id), me));
  }

  @Delete('events/:id')
  @ApiOperation({ summary: 'Delete one nobody signed up for (its organiser)' })
  async remove(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<null>> {
    await this.saving.remove(known(id), me, client);
    return ok(null);
  }

  @Post('events/:id/sign-up')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign up while registration is open: a seat, or a place on the waitlist' })
  async signUp(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<SignUpResult>> {
    const r = await this.signing.execute(known(id), me, client);
    return ok(r, translate(lang, `registrations.results.${r.state}`, r.position !== null ? { position: r.position } : undefined));
  }

  @Delete('events/:id/sign-up')
  @ApiOperation({ summary: 'Cancel one\'s sign-up before the start; a freed seat goes to the first of the waitlist, who is told' })
  async cancel(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<{ promoted: boolean }>> {
    return ok(await this.cancelling.execute(known(id), me, client), translate(lang, 'registrations.results.cancelled'));
  }

  @Get('events/:id/roster')
  @ApiOperation({ summary: 'The registered, then the waitlist in order (its organiser)' })
  async roster(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<RegistrationRosterRow[]>> {
    return ok(await this.rosters.execute(known(id), me, client));
  }

  @Post('events/:id/check-ins')
  @HttpCode(200)
  @ApiOperation({ summary: 'Check a registered student in at the event (its organiser; an hour before the start until the end)' })
  async checkIn(@Param('id') id: string, @ValidBody(checkInInputSchema) body: CheckInInput, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<RegistrationRosterRow>> {
    return ok(await this.checking.execute(known(id), body.userId, me, client), translate(lang, 'registrations.results.checkedIn'));
  }
}
