import type { Rule } from './rules.js';

/** An applicant may urge (催办) the current reviewers once an hour per instance (DESIGN.md §7). */
export const URGE_INTERVAL_MS = 60 * 60 * 1000;

/** What a flow's context keeps for the commands every flow gets. */
export interface SharedContext {
  /** When the applicant last urged (the URGE event's `at`), or null. */
  lastUrgedAt: string | null;
}

type UrgeArgs = { context: SharedContext; event: { type: string; at?: string } };

/**
 * Rules every flow's machine takes into its own table (`...sharedRules`). An urge's time is the event's own `at`,
 * stamped by the server when it was sent, so the fold stays pure and a replay decides the same.
 */
export const sharedRules = {
  notUrgedWithinTheHour: {
    check: ({ context, event }: UrgeArgs) => {
      const at = Date.parse(event.at ?? '');
      if (!Number.isFinite(at)) return false;
      return context.lastUrgedAt === null || at - Date.parse(context.lastUrgedAt) >= URGE_INTERVAL_MS;
    },
    refusal: 'workflow.urgedRecently',
    tooSoon: true,
  },
} satisfies Record<string, Rule<UrgeArgs, never>>;

/** URGE's declaration for `defineFlow`'s commands: stamped with the time it is sent, on the server and in a probe. */
export const urgeCommand = {
  notNow: 'workflow.notPending',
  ui: { icon: 'bell', tone: 'basic' } as const,
  probe: () => ({ at: new Date().toISOString() }),
  data: () => ({ data: { at: new Date().toISOString() } }),
};
