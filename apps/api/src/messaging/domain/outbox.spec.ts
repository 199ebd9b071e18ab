import { describe, expect, it } from '@jest/globals';
import { chunksOfWholeUsers } from './outbox.js';

const A = '0a000000-0000-4000-8000-000000000000';
const B = '1b000000-0000-4000-8000-000000000000';
const C = 'c0000000-0000-4000-8000-000000000000';
const users = (...ids: string[]) => ids.map((userId) => ({ userId }));

describe('chunksOfWholeUsers (the outbox writes a large batch of pushes in chunks)', () => {
  it('given a small batch, when chunked, then it is one statement, users in ascending order, each user in the given order', () => {
    expect(chunksOfWholeUsers(users(C, A, C, B, A), 500)).toEqual([[1, 4, 3, 0, 2]]);
  });

  it('given more pushes than a chunk, when chunked, then a chunk ends only between users, and users ascend across chunks', () => {
    const chunks = chunksOfWholeUsers(users(C, B, A, B, C, A, B), 2);
    expect(chunks).toEqual([[2, 5], [1, 3, 6], [0, 4]]);
  });

  it('given one user with more pushes than a chunk, when chunked, then their pushes stay together in order', () => {
    expect(chunksOfWholeUsers(users(A, A, A, B), 2)).toEqual([[0, 1, 2], [3]]);
  });

  it('given uuids in upper case, when chunked, then they order as PostgreSQL orders uuids (their lowercase text)', () => {
    expect(chunksOfWholeUsers(users(C.toUpperCase(), A), 1)).toEqual([[1], [0]]);
  });

  it('given nothing, when chunked, then there is no statement', () => {
    expect(chunksOfWholeUsers([], 500)).toEqual([]);
  });
});
