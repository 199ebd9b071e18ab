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

/** TRANSFER's declaration (转办): `{toUserId}`, a user id; offered with the candidates of the step's role. */
export const transferCommand = {
  notNow: 'workflow.notPending',
  ui: { icon: 'share', tone: 'basic', input: 'transferTo', secondary: true } as const,
  probe: () => ({ toUserId: '00000000-0000-4000-8000-000000000000' }),
  data: (input: Record<string, unknown>) =>
    typeof input.toUserId === 'string' && input.toUserId !== '' ? { data: { toUserId: input.toUserId } } : { invalid: 'validation.transferTargetRequired' },
};

/** CC's declaration (抄送): `{userIds}`, the people to copy. */
export const ccCommand = {
  notNow: 'workflow.notPending',
  ui: { icon: 'copy', tone: 'basic', input: 'ccUsers', secondary: true } as const,
  probe: () => ({ userIds: ['00000000-0000-4000-8000-000000000000'] }),
  data: (input: Record<string, unknown>) =>
    Array.isArray(input.userIds) && input.userIds.length > 0 ? { data: { userIds: [...new Set(input.userIds as string[])] } } : { invalid: 'validation.ccRequired' },
};

/**
 * The commands of a request reviewed step by step, in the order they are offered: approve, reject (with a reason),
 * withdraw, urge, transfer, CC. A flow spreads them into its `commands` and adds its own.
 */
export const reviewCommands = {
  APPROVE: { notNow: 'workflow.notPending', ui: { icon: 'check', tone: 'primary' } as const },
  REJECT: { notNow: 'workflow.notPending', probe: () => ({ comment: 'probe' }), ui: { icon: 'close', tone: 'negative', reason: 'required' } as const },
  WITHDRAW: { notNow: 'workflow.notPending', ui: { icon: 'undo', tone: 'basic' } as const },
  URGE: urgeCommand,
  TRANSFER: transferCommand,
  CC: ccCommand,
};
