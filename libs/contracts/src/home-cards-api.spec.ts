import { describe, expect, it } from '@jest/globals';
import { defaultHomeCards, type HomeCardSetting, homeCardsFor, roleLayout, roleHomeCardsSchema } from './home-cards-api.js';

const on = (...cards: HomeCardSetting['card'][]): HomeCardSetting[] => cards.map((card) => ({ card, enabled: true }));

describe('home page cards (docs/adr/0066-pictures-and-home-cards.md#home-cards)', () => {
  it('a role without its own layout has the defaults: the family sees notices and homework, the staff do not', () => {
    expect(homeCardsFor(['teacher'], new Map())).toEqual(['backlog', 'todos', 'otherWork', 'pictures']);
    expect(homeCardsFor(['parent'], new Map())).toEqual(['backlog', 'todos', 'otherWork', 'posts', 'pictures']);
    expect(homeCardsFor([], new Map())).toEqual(defaultHomeCards(''));
  });

  it('a saved layout: its order, hidden cards left out, cards it does not name appended hidden', () => {
    const saved = [{ card: 'pictures', enabled: true }, { card: 'backlog', enabled: false }, { card: 'todos', enabled: true }] as HomeCardSetting[];
    expect(roleLayout('teacher', saved).map((s) => `${s.card}:${s.enabled}`)).toEqual(['pictures:true', 'backlog:false', 'todos:true', 'otherWork:false', 'posts:false']);
    expect(homeCardsFor(['teacher'], new Map([['teacher', saved]]))).toEqual(['pictures', 'todos']);
  });

  it('the union of the roles\' cards, each at its best place, ties by the catalogue', () => {
    const layouts = new Map([['teacher', on('pictures', 'posts', 'backlog')], ['headteacher', on('todos', 'backlog')]]);
    expect(homeCardsFor(['headteacher', 'teacher'], layouts)).toEqual(['todos', 'pictures', 'backlog', 'posts']);
    expect(homeCardsFor(['teacher', 'headteacher'], layouts)).toEqual(homeCardsFor(['headteacher', 'teacher'], layouts));
  });

  it('a layout names each card once, known cards only', () => {
    expect(roleHomeCardsSchema.safeParse({ cards: on('todos', 'todos') }).success).toBe(false);
    expect(roleHomeCardsSchema.safeParse({ cards: [{ card: 'weather', enabled: true }] }).success).toBe(false);
    expect(roleHomeCardsSchema.safeParse({ cards: on('todos') }).success).toBe(true);
  });
});
