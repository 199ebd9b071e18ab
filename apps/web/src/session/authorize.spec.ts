import { describe, expect, it } from '@jest/globals';
import { isAuthorized } from './authorize.js';

describe('isAuthorized', () => {
  const perms = ['ms:logs:list', 'account:security'];
  const roles = ['teacher'];
  it('needs every value of all-of and one of any-of', () => {
    expect(isAuthorized({ all: ['ms:logs:list', 'account:security'] }, perms, roles)).toBe(true);
    expect(isAuthorized({ all: ['ms:logs:list', 'ms:user:edit'] }, perms, roles)).toBe(false);
    expect(isAuthorized({ any: ['ms:user:edit', 'ms:logs:list'] }, perms, roles)).toBe(true);
    expect(isAuthorized({ any: ['ms:user:edit'] }, perms, roles)).toBe(false);
  });
  it('checks roles the same way and combines lists with AND', () => {
    expect(isAuthorized({ roles: ['admin', 'teacher'] }, perms, roles)).toBe(true);
    expect(isAuthorized({ allRoles: ['admin', 'teacher'] }, perms, roles)).toBe(false);
    expect(isAuthorized({ any: ['ms:logs:list'], roles: ['admin'] }, perms, roles)).toBe(false);
    expect(isAuthorized({}, [], [])).toBe(true);
  });
  it('honours the super-user wildcard', () => {
    expect(isAuthorized({ all: ['anything'] }, ['*:*:*'], [])).toBe(true);
  });
});
