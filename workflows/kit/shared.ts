import type { Rule } from './rules.js';

/** An applicant may urge (催办) the current reviewers once an hour per instance (docs/product/workflows.md#urge). */
export const URGE_INTERVAL_MS = 60 * 60 * 1000;

/** A sender copies people (抄送) on one instance at most this many times within `CC_WINDOW_MS` (docs/adr/0028). */
export const CC_PER_WINDOW = 3;
export const CC_WINDOW_MS = 60 * 60 * 1000;

/** A CC the context remembers for its limit: who sent it and when (the CC event's `at`). */
export interface CopySent {
  by: string;
  at: string;
}

/** What a flow's context keeps for the commands every flow gets. */
export interface SharedContext {
  /** When the applicant last urged (the URGE event's `at`), or null. */
  lastUrgedAt: string | null;
  /** Everyone copied (抄送): messaged once, and they may read the request. */
  cc: readonly string[];
  /** The CCs of the last `CC_WINDOW_MS` before the latest one (older ones are let go as each CC is recorded). */
  copiesSent: readonly CopySent[];
}

type UrgeArgs = { context: SharedContext; event: { type: string; at?: string } };
type CopyArgs = { context: SharedContext; event: { type: string; actorId: string; at?: string; userIds?: readonly string[] } };

/** The CCs `by` sent within the window before `at`. */
function copiesWithin(context: SharedContext, by: string, at: number): number {
  return context.copiesSent.filter((c) => c.by === by && at - Date.parse(c.at) < CC_WINDOW_MS).length;
}

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
  /**
   * A sender copies people on one instance at most `CC_PER_WINDOW` times an hour (429). A CC stored before CCs were
   * stamped has no `at`: it neither counts nor is refused, so an old history folds as it did.
   */
  notCopiedTooOften: {
    check: ({ context, event }: CopyArgs) => {
      const at = Date.parse(event.at ?? '');
      return !Number.isFinite(at) || copiesWithin(context, event.actorId, at) < CC_PER_WINDOW;
    },
    refusal: 'workflow.copiedTooOften',
    tooSoon: true,
  },
  /**
   * A CC names at least one person not copied yet (422): repeats are merged — the command keeps only the new names
   * (`ccCommand.data`), so nobody is messaged twice, and a CC of only those already copied changes nothing.
   */
  copiesSomeoneNew: {
    check: ({ context, event }: CopyArgs) => (event.userIds ?? []).some((id) => !context.cc.includes(id)),
    refusal: 'workflow.ccNobodyNew',
  },
} satisfies Record<string, Rule<UrgeArgs, never> | Rule<CopyArgs, never>>;

/** The context after a CC: the people copied, each once, and the CC remembered for the limit (when it has a time). */
export function copied(context: SharedContext, event: { actorId: string; at?: string; userIds?: readonly string[] }): Pick<SharedContext, 'cc' | 'copiesSent'> {
  const cc = [...new Set([...context.cc, ...(event.userIds ?? [])])];
  const at = event.at ?? '';
  const now = Date.parse(at);
  if (!Number.isFinite(now)) return { cc, copiesSent: context.copiesSent };
  return { cc, copiesSent: [...context.copiesSent.filter((c) => now - Date.parse(c.at) < CC_WINDOW_MS), { by: event.actorId, at }] };
}

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

/**
 * CC's declaration (抄送): `{userIds, at}` — the people to copy, each once and without those the instance has copied
 * already (merged: `copiesSomeoneNew` refuses a CC left with nobody), stamped with the time it is sent (its limit,
 * `notCopiedTooOften`). That the people exist and the instance may be shown to them is the server's to check.
 */
export const ccCommand = {
  notNow: 'workflow.notPending',
  ui: { icon: 'copy', tone: 'basic', input: 'ccUsers', secondary: true } as const,
  probe: () => ({ userIds: ['00000000-0000-4000-8000-000000000000'], at: new Date().toISOString() }),
  data: (input: Record<string, unknown>, _timeZone?: string, context?: Partial<SharedContext>) => {
    if (!Array.isArray(input.userIds) || input.userIds.length === 0) return { invalid: 'validation.ccRequired' };
    const already = new Set(context?.cc ?? []);
    const userIds = [...new Set(input.userIds as string[])].filter((id) => !already.has(id));
    return { data: { userIds, at: new Date().toISOString() } };
  },
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
