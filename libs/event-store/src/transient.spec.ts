import { describe, expect, it } from '@jest/globals';
import { describeError, isTransient } from './transient.js';

describe('isTransient: retried for ever, never parked (docs/adr/0027)', () => {
  it.each([
    ['a lost connection', { code: 'ECONNRESET' }],
    ['a refused connection', { code: 'ECONNREFUSED' }],
    ['an administrator ending the connection', { code: '57P01' }],
    ['a database starting up', { code: '57P03' }],
    ['a connection exception', { code: '08006' }],
    ['too many connections', { code: '53300' }],
    ['a deadlock', { code: '40P01' }],
    ['a serialization failure', { code: '40001' }],
    ['a lock not available', { code: '55P03' }],
    ['the driver losing the connection', new Error('Connection terminated unexpectedly')],
    ['a wrapped driver error', { driverError: { code: '57P01' } }],
    ['every address of a dual-stack connect refused', { errors: [{ code: 'ECONNREFUSED' }, { code: 'ECONNREFUSED' }] }],
  ])('%s is transient', (_, err) => {
    expect(isTransient(err)).toBe(true);
  });

  it.each([
    ['a foreign key', { code: '23503' }],
    ['a NOT NULL', { code: '23502' }],
    ['a raised exception', { code: 'P0001' }],
    ['a protocol violation (a bug of ours)', { code: '08P01' }],
    ['a statement timeout', { code: '57014' }],
    ['a bug in the handler', new TypeError("Cannot read properties of undefined (reading 'to')")],
    ['nothing at all', undefined],
  ])('%s is not', (_, err) => {
    expect(isTransient(err)).toBe(false);
  });
});

describe('describeError: what a parked event keeps of its error', () => {
  it('keeps the SQLSTATE, else the error name, and the message', () => {
    expect(describeError(Object.assign(new Error('insert or update on table "message" violates foreign key constraint "message_recipient_id_fkey"'), { code: '23503' }))).toEqual({
      code: '23503',
      message: 'insert or update on table "message" violates foreign key constraint "message_recipient_id_fkey"',
    });
    expect(describeError(new TypeError('x is undefined'))).toEqual({ code: 'TypeError', message: 'x is undefined' });
    expect(describeError('plain')).toEqual({ code: 'Error', message: 'plain' });
  });

  it('takes credentials out and cuts a long message to 500 characters', () => {
    expect(describeError(new Error('connect to postgres://app:s3cret@db:5432/school failed; password=hunter2')).message).toBe('connect to postgres://***@db:5432/school failed; password=***');
    const long = describeError(new Error('x'.repeat(2000))).message;
    expect(long).toHaveLength(500);
    expect(long.endsWith('…')).toBe(true);
  });
});
