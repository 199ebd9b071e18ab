import { hash, verify } from '@node-rs/argon2';
import { legacyPasswordDigest } from '@schoolflow/contracts';

/**
 * Stored value = argon2id(SHA-256 hex of prefix + account + password): sign-in hashes the plain password into
 * that digest, and the legacy password-change wire sends the digests themselves, so both verify against one value.
 * Parameters follow OWASP's argon2id minimum (19 MiB, t=2, p=1).
 */
// 2 = Algorithm.Argon2id (a const enum, which isolatedModules cannot read).
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** A real hash of nothing, so that an unknown account costs the same time as a wrong password. */
let decoy: Promise<string> | undefined;

export const PasswordHasher = {
  digest: legacyPasswordDigest,
  async hashDigest(digest: string): Promise<string> {
    return hash(digest.toLowerCase(), OPTIONS);
  },
  async verifyDigest(stored: string | null, digest: string): Promise<boolean> {
    if (!stored) {
      decoy ??= hash('decoy-digest', OPTIONS);
      await verify(await decoy, digest).catch(() => false);
      return false;
    }
    try {
      return await verify(stored, digest.toLowerCase());
    } catch {
      return false; // a corrupt stored hash is a failed sign-in, not a crash
    }
  },
};
