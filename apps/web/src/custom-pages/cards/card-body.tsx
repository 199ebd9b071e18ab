import type { Card } from '@schoolflow/contracts';
import { CalendarCard } from './calendar-card.js';
import { ChartCard } from './chart-card.js';
import { LinksCard } from './links-card.js';
import { PictureCard } from './picture-card.js';
import { PostsCard } from './posts-card.js';
import { TextCard } from './text-card.js';

/** Pixels of one grid row (the designer's and the page's grids agree, so a page looks as it was built). */
export const ROW_HEIGHT = 40;

/** A card's content by its kind. `live`: a saved page being read (links open, text shown as its sanitised HTML). */
export function CardBody({ card, live, active }: { card: Card; live: boolean; active: boolean }) {
  switch (card.kind) {
    case 'text':
      return <TextCard html={card.html} saved={live} />;
    case 'picture':
      return <PictureCard resId={card.resId} alt={card.alt} />;
    case 'links':
      return <LinksCard items={card.items} live={live} />;
    case 'posts':
      return <PostsCard postKind={card.postKind} size={card.size} active={active} />;
    case 'chart':
      return <ChartCard source={card.source} chartType={card.chartType} height={card.h * ROW_HEIGHT - 56} active={active} />;
    case 'calendar':
      return <CalendarCard active={active} />;
  }
}
