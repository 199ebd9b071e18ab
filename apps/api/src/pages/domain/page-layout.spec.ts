import { describe, expect, it } from '@jest/globals';
import { pageLayoutSchema } from '@schoolflow/contracts';
import { picturesOf, storedLayout } from './page-layout.js';

const layout = (cards: unknown[]) => pageLayoutSchema.parse({ cards });

describe('storedLayout', () => {
  it('given a text card with a script, an event handler and a javascript: link, when stored, then none of them is left', () => {
    const stored = storedLayout(
      layout([{ i: 't1', kind: 'text', x: 0, y: 0, w: 4, h: 3, html: '<p onclick="steal()">Hi <b>all</b></p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a><iframe src="https://evil"></iframe>' }]),
    );
    const html = stored.cards[0]?.kind === 'text' ? stored.cards[0].html : '';
    expect(html).toContain('<b>all</b>');
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|iframe|alert\(1\)/i);
  });

  it('given cards out of order, when stored, then they read top to bottom, left to right', () => {
    const stored = storedLayout(
      layout([
        { i: 'b', kind: 'calendar', x: 0, y: 5, w: 6, h: 4 },
        { i: 'c', kind: 'links', x: 6, y: 0, w: 3, h: 3 },
        { i: 'a', kind: 'links', x: 0, y: 0, w: 3, h: 3 },
      ]),
    );
    expect(stored.cards.map((c) => c.i)).toEqual(['a', 'c', 'b']);
  });

  it('given picture cards, when asked for their files, then each file once and empty cards left out', () => {
    const id = '0f6e2f7a-6a55-4f0e-9d3a-0a0b0c0d0e0f';
    expect(
      picturesOf(
        layout([
          { i: 'p1', kind: 'picture', x: 0, y: 0, w: 2, h: 2, resId: id },
          { i: 'p2', kind: 'picture', x: 2, y: 0, w: 2, h: 2, resId: id },
          { i: 'p3', kind: 'picture', x: 4, y: 0, w: 2, h: 2 },
        ]),
      ),
    ).toEqual([id]);
  });
});

describe('pageLayoutSchema', () => {
  it('given overlapping cards, a card past the 12th column, a javascript: link or an unknown kind, when parsed, then refused with the message of each', () => {
    const overlap = pageLayoutSchema.safeParse({ cards: [{ i: 'a', kind: 'calendar', x: 0, y: 0, w: 4, h: 4 }, { i: 'b', kind: 'calendar', x: 2, y: 2, w: 4, h: 4 }] });
    expect(overlap.success ? [] : overlap.error.issues.map((i) => i.message)).toContain('pages.validation.cardsOverlap');
    const wide = pageLayoutSchema.safeParse({ cards: [{ i: 'a', kind: 'calendar', x: 10, y: 0, w: 4, h: 4 }] });
    expect(wide.success ? [] : wide.error.issues.map((i) => i.message)).toContain('pages.validation.gridInvalid');
    const link = pageLayoutSchema.safeParse({ cards: [{ i: 'a', kind: 'links', x: 0, y: 0, w: 4, h: 4, items: [{ label: 'x', url: 'javascript:alert(1)' }] }] });
    expect(link.success ? [] : link.error.issues.map((i) => i.message)).toContain('pages.validation.urlInvalid');
    const kind = pageLayoutSchema.safeParse({ cards: [{ i: 'a', kind: 'video', x: 0, y: 0, w: 4, h: 4 }] });
    expect(kind.success).toBe(false);
  });

  it('given side-by-side cards and app or web links, when parsed, then accepted', () => {
    const ok = pageLayoutSchema.safeParse({ cards: [{ i: 'a', kind: 'links', x: 0, y: 0, w: 6, h: 4, items: [{ label: 'Home', url: '/dashboard' }, { label: 'Site', url: 'https://school.example' }] }, { i: 'b', kind: 'calendar', x: 6, y: 0, w: 6, h: 4 }] });
    expect(ok.success).toBe(true);
  });
});
