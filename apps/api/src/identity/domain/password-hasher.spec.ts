import { loadConfig } from '../../config/app-config.js';
import { DEFAULT_PASSWORD_HASH_COST, PasswordHasher } from './password-hasher.js';

const DIGEST = 'a'.repeat(64);

describe('password hashing cost', () => {
  const saved = { memory: process.env.PASSWORD_HASH_MEMORY_KIB, time: process.env.PASSWORD_HASH_TIME_COST };
  afterEach(() => {
    for (const [name, value] of [['PASSWORD_HASH_MEMORY_KIB', saved.memory], ['PASSWORD_HASH_TIME_COST', saved.time]] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    PasswordHasher.configure(DEFAULT_PASSWORD_HASH_COST);
  });

  it('given no setting, production hashes with OWASP argon2id minimum: 19 MiB, 2 passes, 1 lane', async () => {
    delete process.env.PASSWORD_HASH_MEMORY_KIB;
    delete process.env.PASSWORD_HASH_TIME_COST;
    const cost = loadConfig().passwordHashCost;
    expect(cost).toEqual({ memoryKib: 19456, timeCost: 2 });
    PasswordHasher.configure(cost);
    const stored = await PasswordHasher.hashDigest(DIGEST);
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('given a test cost, new hashes are cheap and still verify; hashes of either cost verify under the other', async () => {
    process.env.PASSWORD_HASH_MEMORY_KIB = '64';
    process.env.PASSWORD_HASH_TIME_COST = '1';
    PasswordHasher.configure(loadConfig().passwordHashCost);
    const cheap = await PasswordHasher.hashDigest(DIGEST);
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
    PasswordHasher.configure(DEFAULT_PASSWORD_HASH_COST);
    const strong = await PasswordHasher.hashDigest(DIGEST);
    expect(await PasswordHasher.verifyDigest(cheap, DIGEST)).toBe(true);
    PasswordHasher.configure({ memoryKib: 64, timeCost: 1 });
    expect(await PasswordHasher.verifyDigest(strong, DIGEST)).toBe(true);
    expect(await PasswordHasher.verifyDigest(strong, 'b'.repeat(64))).toBe(false);
  });

  it('given a cost that is not a whole number in range, the start stops naming the variable', () => {
    process.env.PASSWORD_HASH_MEMORY_KIB = '19MiB';
    expect(() => loadConfig()).toThrow('PASSWORD_HASH_MEMORY_KIB must be a whole number from 8 to 4194304');
    process.env.PASSWORD_HASH_MEMORY_KIB = '4';
    expect(() => loadConfig()).toThrow('PASSWORD_HASH_MEMORY_KIB');
    delete process.env.PASSWORD_HASH_MEMORY_KIB;
    process.env.PASSWORD_HASH_TIME_COST = '0';
    expect(() => loadConfig()).toThrow('PASSWORD_HASH_TIME_COST must be a whole number from 1 to 10');
  });
});
