import type { CSSProperties } from 'react';
import type { PageLayout } from '@schoolflow/contracts';
import { CardBody, ROW_HEIGHT } from './cards/card-body.js';
import { usePagesT } from './use-pages-t.js';

/**
 * A saved page as readers see it: the cards on a 12-column CSS grid where the designer put them; at phone width they
 * stack in reading order, each as tall as it was built (custom-pages.css).
 */
export function PageGrid({ layout, active }: { layout: PageLayout; active: boolean }) {
  const { pg } = usePagesT();
  return (
    <div className="sf-cp-grid" style={{ '--sf-cp-row': `${ROW_HEIGHT}px` } as CSSProperties} data-testid="cp-grid">
      {layout.cards.map((card) => (
        <section
          key={card.i}
          className={`sf-cp-card sf-cp-kind-${card.kind}`}
          data-testid={`cp-card-${card.kind}`}
          data-card={card.i}
          style={{ gridColumn: `${card.x + 1} / span ${card.w}`, gridRow: `${card.y + 1} / span ${card.h}`, '--sf-cp-h': `${card.h * ROW_HEIGHT}px` } as CSSProperties}
        >
          <header className="sf-cp-card-head">{card.title || pg(`kinds.${card.kind}`)}</header>
          <div className="sf-cp-card-body">
            <CardBody card={card} live active={active} />
          </div>
        </section>
      ))}
    </div>
  );
}
