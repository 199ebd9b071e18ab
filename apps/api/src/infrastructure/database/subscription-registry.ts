import { Injectable } from '@nestjs/common';
import { ConcurrencyError, isTransient, type ParkedEvent, type Subscription, type SubscriptionOptions } from '@schoolflow/event-store';
import { logger } from '../logging/logger.js';
import { isDatabaseUnavailable } from './database-outage.js';

/** What the registry needs of a subscription: its name and the replay of a parked event. */
export type RegisteredSubscription = Pick<Subscription<unknown>, 'name' | 'replay'>;

/**
 * This process's durable subscriptions by name (docs/adr/0027), so the server monitor can replay an event one of them
 * parked. Each subscriber registers its subscription as it makes it, whether or not it then runs here.
 */
@Injectable()
export class SubscriptionRegistry {
  private readonly byName = new Map<string, RegisteredSubscription>();

  register(subscription: RegisteredSubscription): void {
    this.byName.set(subscription.name, subscription);
  }

  get(name: string): RegisteredSubscription | undefined {
    return this.byName.get(name);
  }

  names(): string[] {
    return [...this.byName.keys()].sort();
  }
}

/**
 * What every subscription of the app shares: a lost database is retried for ever like any transient error (the app's
 * own view of "unavailable" too), as is a stream that moved while a handler appended to it (the effects' refusal: the
 * next try appends at the new version); a parked event is one error line naming it (the monitor lists it).
 */
export function subscriptionDefaults(name: string): Pick<SubscriptionOptions<unknown>, 'isTransient' | 'onParked'> {
  return {
    isTransient: (err) => err instanceof ConcurrencyError || isDatabaseUnavailable(err) || isTransient(err),
    onParked: (p: ParkedEvent) =>
      logger.error(
        { subscription: name, position: p.position, streamId: p.streamId, eventType: p.eventType, code: p.errorCode, attempts: p.attempts },
        'an event kept failing and was parked; the events after it go on (server monitor: replay it)',
      ),
  };
}
