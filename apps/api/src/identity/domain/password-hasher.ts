import { createHash, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { legacyPasswordDigest } from '@schoolflow/contracts';

/**
 * Stored value = argon2id(SHA-256 hex of prefix + account + password): sign-in hashes the plain password into
 * that digest, and the legacy password-change wire sends the digests themselves, so both verify against one value.
 * New hashes take the configured cost (`PASSWORD_HASH_MEMORY_KIB`, `PASSWORD_HASH_TIME_COST`), by default OWASP's
 * argon2id minimum (19 MiB, t=2, p=1); a stored hash carries its own parameters, so hashes made under another cost
 * still verify. Only the test suite lowers it (docs/adr/0030): 200 demo hashes at 19 MiB cost every fresh database
 * seconds of both cores.
 */
export interface PasswordHashCost {
  memoryKib: number;
  timeCost: number;
}

/** OWASP's argon2id minimum: what production uses unless configured otherwise. */
export const DEFAULT_PASSWORD_HASH_COST: PasswordHashCost = { memoryKib: 19456, timeCost: 2 };

// 2 = Algorithm.Argon2id (a const enum, which isolatedModules cannot read).
let options = argon2Options(DEFAULT_PASSWORD_HASH_COST);

export function argon2Options(cost: PasswordHashCost) {
  return { algorithm: 2, memoryCost: cost.memoryKib, timeCost: cost.timeCost, parallelism: 1 } as const;
}

/** A real hash of nothing, made at the configured cost, so that an unknown account costs the same time as a wrong password. */
let decoy: Promise<string> | undefined;

/**
 * An initial password (the last six characters of an ID number, docs/product/base-data.md#accounts-and-initial-passwords) is stored as `initial$` + its digest,
 * not argon2: the secret is the ID number, which the same database holds in the clear, so a slow hash of it protects
 * nothing — and hashing 10,000 accounts of an import with argon2 would take minutes of both cores. The account must
 * change it at its first sign-in, and the new password is stored as argon2 (docs/adr/0023).
 */
const INITIAL = 'initial$';

export const PasswordHasher = {
  digest: legacyPasswordDigest,
  /** Sets the cost of new hashes (at start, from the configuration). */
  configure(cost: PasswordHashCost): void {
    options = argon2Options(cost);
    decoy = undefined;
  },
  /** The stored value of an initial password (synchronous and cheap: see INITIAL). */
  initial(prefix: string, account: string, password: string): string {
    return INITIAL + createHash('sha256').update(prefix + account + password, 'utf8').digest('hex');
  },
  async hashDigest(digest: string): Promise<string> {
    return hash(digest.toLowerCase(), options);
  },
  async verifyDigest(stored: string | null, digest: string): Promise<boolean> {
    if (!stored) {
      decoy ??= hash('decoy-digest', options);
      await verify(await decoy, digest).catch(() => false);
      return false;
    }
    if (stored.startsWith(INITIAL)) {
      const a = Buffer.from(stored.slice(INITIAL.length), 'utf8');
      const b = Buffer.from(digest.toLowerCase(), 'utf8');
      return a.length === b.length && timingSafeEqual(a, b);
    }
    try {
      return await verify(stored, digest.toLowerCase());
    } catch {
      return false; // a corrupt stored hash is a failed sign-in, not a crash
    }
  },
};
