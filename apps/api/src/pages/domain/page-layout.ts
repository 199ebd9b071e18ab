import type { PageLayout } from '@schoolflow/contracts';
import { sanitisePostHtml } from '../../publishing/domain/html-sanitiser.js';

/**
 * A layout as stored: the text cards' HTML through the same sanitiser as a post's body (no script, style, iframe, event
 * handler or `javascript:` URL), whatever the editor sent; the cards in reading order (top to bottom, left to right),
 * the order a phone-width page stacks them in.
 */
export function storedLayout(layout: PageLayout): PageLayout {
  const cards = layout.cards.map((card) => (card.kind === 'text' ? { ...card, html: sanitisePostHtml(card.html) } : card));
  cards.sort((a, b) => a.y - b.y || a.x - b.x);
  return { cards };
}

/** The picture cards' files. */
export function picturesOf(layout: PageLayout): string[] {
  return [...new Set(layout.cards.flatMap((c) => (c.kind === 'picture' && c.resId ? [c.resId] : [])))];
}
