import { Module } from '@nestjs/common';
import { AdminAudit } from '../admin/shared/admin-support.js';
import { MessagingModule } from '../messaging/messaging.module.js';
import { SystemModule } from '../system/system.module.js';
import { CancelSignUp } from './commands/cancel/cancel.handler.js';
import { CheckIn } from './commands/check-in/check-in.handler.js';
import { SaveRegistrationEvent } from './commands/save-event/save-event.handler.js';
import { SignUp } from './commands/sign-up/sign-up.handler.js';
import { RegistrationAccess } from './domain/registration-access.js';
import { RegistrationsRepository } from './domain/registrations.repository.js';
import { WaitlistNotifier } from './domain/waitlist-notifier.js';
import { ListRegistrationEvents } from './queries/list-events/list-events.query.js';
import { MyRegistrationList } from './queries/mine/mine.query.js';
import { RegistrationRoster } from './queries/roster/roster.query.js';
import { RegistrationsController } from './registrations.controller.js';

/**
 * Lectures and activities with registration (issue 27 part 5; docs/product/class-walking-and-registrations.md,
 * docs/adr/0044-class-walking-and-registrations.md); refusals in registrations.errors.ts.
 */
@Module({
  imports: [SystemModule, MessagingModule],
  controllers: [RegistrationsController],
  providers: [AdminAudit, RegistrationsRepository, RegistrationAccess, WaitlistNotifier, SaveRegistrationEvent, SignUp, CancelSignUp, CheckIn, ListRegistrationEvents, RegistrationRoster, MyRegistrationList],
})
export class RegistrationsModule {}
