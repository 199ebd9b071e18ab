import { describe, expect, it } from '@jest/globals';
import { placeInColumn } from './board-order.js';

describe('placeInColumn', () => {
  it('puts a card from another column before the given card, or last', () => {
    expect(placeInColumn(['a', 'b', 'c'], 'x', 'b')).toEqual(['a', 'x', 'b', 'c']);
    expect(placeInColumn(['a', 'b', 'c'], 'x', 'a')).toEqual(['x', 'a', 'b', 'c']);
    expect(placeInColumn(['a', 'b'], 'x', null)).toEqual(['a', 'b', 'x']);
    expect(placeInColumn([], 'x', null)).toEqual(['x']);
  });

  it('reorders within a column, up and down', () => {
    expect(placeInColumn(['a', 'b', 'c', 'd'], 'd', 'b')).toEqual(['a', 'd', 'b', 'c']);
    expect(placeInColumn(['a', 'b', 'c', 'd'], 'a', 'd')).toEqual(['b', 'c', 'a', 'd']);
    expect(placeInColumn(['a', 'b', 'c'], 'a', null)).toEqual(['b', 'c', 'a']);
  });

  it('lands last when the card to go before is itself or has left the column', () => {
    expect(placeInColumn(['a', 'b', 'c'], 'b', 'b')).toEqual(['a', 'c', 'b']);
    expect(placeInColumn(['a', 'b'], 'x', 'gone')).toEqual(['a', 'b', 'x']);
  });
});
