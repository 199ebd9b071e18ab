import { describe, expect, it } from '@jest/globals';
import { nameTable } from './name-table.js';
import { RESOURCES } from './resources/index.js';

describe('a table looked up by a name from outside (issue 32, finding 6: options/__proto__ answered 500)', () => {
  const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf'];

  it('names nothing by a prototype name, where a plain object answers Object.prototype', () => {
    const plain: Record<string, number> = { a: 1 };
    const table = nameTable({ a: 1 });
    expect(PROTOTYPE_NAMES.filter((n) => plain[n] !== undefined)).toEqual(PROTOTYPE_NAMES);
    expect(PROTOTYPE_NAMES.map((n) => table[n])).toEqual(PROTOTYPE_NAMES.map(() => undefined));
    expect(table.a).toBe(1);
  });

  it('is made from entries or an object alike, keeps their order, and cannot be changed', () => {
    const table = nameTable([['b', 2], ['a', 1]]);
    expect(Object.entries(table)).toEqual([['b', 2], ['a', 1]]);
    expect(Object.isFrozen(table)).toBe(true);
    expect(Object.entries(nameTable({ b: 2, a: 1 }))).toEqual([['b', 2], ['a', 1]]);
  });

  it('holds the resource registry', () => {
    expect(PROTOTYPE_NAMES.map((n) => RESOURCES[n])).toEqual(PROTOTYPE_NAMES.map(() => undefined));
    expect(RESOURCES.campuses?.name).toBe('campuses');
  });
});
