import { type RefObject, useMemo, useRef, useState } from 'react';
import ReactGridLayout, { type Layout, type LayoutItem, useContainerWidth } from 'react-grid-layout';
import { useNavigate } from 'react-router-dom';
import { Button, Label, List, Message, Segment } from 'semantic-ui-react';
import { type Card, CARD_DEFAULT_SIZE, CARD_KINDS, type CardKind, type CustomPage, PAGE_LIMITS } from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { confirmAction } from '../components/confirm-store.js';
import { PageLoader } from '../components/page-loader.js';
import { useLeaveWarning } from '../components/use-leave-warning.js';
import type { ViewProps } from '../router/view-props.js';
import { formatDateTime } from '../util/date.js';
import { toast } from '../util/toast.js';
import { CardSettingsForm } from './card-settings-form.js';
import { CardBody, ROW_HEIGHT } from './cards/card-body.js';
import { usePage } from './use-page.js';
import { useRevertPage, useSaveLayout } from './use-page-changes.js';
import { usePageVersions } from './use-page-versions.js';
import { pagesText, usePagesT } from './use-pages-t.js';
import 'react-grid-layout/css/styles.css';
import 'react-resizable/css/styles.css';
import './custom-pages.css';

const ICONS: Record<CardKind, string> = { text: 'font', picture: 'image outline', links: 'linkify', posts: 'bullhorn', chart: 'chart bar outline', calendar: 'calendar alternate outline' };

/** A new card of `kind`: its default size, where it was dropped or under the others. */
function newCard(kind: CardKind, cards: readonly Card[], at?: { x: number; y: number }): Card {
  const size = CARD_DEFAULT_SIZE[kind];
  const i = `${kind}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  const bottom = cards.reduce((max, c) => Math.max(max, c.y + c.h), 0);
  const x = Math.min(at?.x ?? 0, PAGE_LIMITS.cols - size.w);
  const base = { i, x, y: at?.y ?? bottom, ...size, title: '' };
  switch (kind) {
    case 'text':
      return { ...base, kind, html: '' };
    case 'picture':
      return { ...base, kind, resId: null, alt: '' };
    case 'links':
      return { ...base, kind, items: [] };
    case 'posts':
      return { ...base, kind, postKind: 'notice', size: 5 };
    case 'chart':
      return { ...base, kind, source: 'leave-week', chartType: 'bar' };
    case 'calendar':
      return { ...base, kind };
  }
}

/** Positions from the grid onto the cards (the grid's own placeholders, e.g. a drop's, are not cards). */
function placed(cards: readonly Card[], layout: Layout): Card[] {
  const at = new Map(layout.map((item) => [item.i, item]));
  let moved = false;
  const next = cards.map((c) => {
    const item = at.get(c.i);
    if (!item || (item.x === c.x && item.y === c.y && item.w === c.w && item.h === c.h)) return c;
    moved = true;
    return { ...c, x: item.x, y: item.y, w: item.w, h: item.h };
  });
  // the same array when nothing moved: a new one would hand the grid a new layout and drop its drop placeholder
  return moved ? next : (cards as Card[]);
}

/** The draft's layout in the order the server stores it, to tell whether anything changed. */
const signature = (cards: readonly Card[]) => JSON.stringify([...cards].sort((a, b) => a.y - b.y || a.x - b.x || a.i.localeCompare(b.i)));

/**
 * 页面设计 (`/customPages/drag_layout/{id}`; docs/product/office.md#custom-pages): the palette of card kinds, the grid
 * (drag a card by its title, resize by its corner, drop a kind from the palette or click it), the selected card's
 * settings, save (from the version it was opened at) and the kept versions to restore. Leaving with unsaved changes
 * asks first.
 */
export default function DragLayoutView({ param, active }: ViewProps) {
  const page = usePage(param, active);
  // opened without a page (the bare menu address): nothing to show
  if (!param) return <Message warning content={pagesText('errors.notFound')} data-testid="cp-editor-error" />;
  if (page.isPending) return <PageLoader />;
  if (page.isError) return <Message negative content={errorMessage(page.error)} data-testid="cp-editor-error" />;
  // a save or a restore answers a new version: the designer starts again from it
  return <Designer key={`${page.data.id}:${page.data.version}`} page={page.data} active={active} />;
}

function Designer({ page, active }: { page: CustomPage; active: boolean }) {
  const { pg } = usePagesT();
  const navigate = useNavigate();
  const save = useSaveLayout();
  const revert = useRevertPage();
  const versions = usePageVersions(page.id, active);
  const [cards, setCards] = useState<Card[]>(page.layout.cards);
  const [selected, setSelected] = useState<string | null>(null);
  const dragged = useRef<CardKind | null>(null);
  const { width, containerRef, mounted } = useContainerWidth();
  const dirty = useMemo(() => signature(cards) !== signature(page.layout.cards), [cards, page.layout.cards]);
  useLeaveWarning(dirty);
  const layout = useMemo<LayoutItem[]>(() => cards.map((c) => ({ i: c.i, x: c.x, y: c.y, w: c.w, h: c.h, minW: 2, minH: 2 })), [cards]);
  const chosen = cards.find((c) => c.i === selected) ?? null;

  const add = (kind: CardKind, at?: { x: number; y: number }) => {
    if (cards.length >= PAGE_LIMITS.cards) return toast.warning(pg('validation.tooManyCards'));
    const card = newCard(kind, cards, at);
    setCards([...cards, card]);
    setSelected(card.i);
  };
  const leave = async (to: string) => {
    if (!dirty || (await confirmAction(pg('editor.leaveConfirm')))) void navigate(to);
  };
  const onSave = async () => {
    try {
      const res = await save.mutateAsync({ id: page.id, layout: { cards }, baseVersion: page.version });
      toast.success(res.msg || pg('results.saved'));
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };
  const onRevert = async (version: number) => {
    if (!(await confirmAction(pg('editor.revertConfirm', { version })))) return;
    try {
      const res = await revert.mutateAsync({ id: page.id, version });
      toast.success(res.msg || pg('results.reverted'));
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };

  return (
    <div className="sf-page sf-cp-designer" data-testid="cp-designer" data-version={page.version} data-dirty={dirty ? 'true' : 'false'}>
      <Segment className="sf-card sf-cp-toolbar">
        <strong data-testid="cp-designer-name">{page.name}</strong>
        <span className="sf-hint">{pg('editor.current', { version: page.version })}</span>
        {dirty ? (
          <Label size="small" color="orange" data-testid="cp-unsaved">
            {pg('editor.unsaved')}
          </Label>
        ) : null}
        <span className="sf-cp-spacer" />
        <Button size="small" icon="arrow left" content={pg('editor.back')} onClick={() => void leave('/customPages/pageMangger')} data-testid="cp-back" />
        <Button size="small" icon="eye" content={pg('editor.preview')} onClick={() => void leave(`/customPages/page_view/${page.id}`)} data-testid="cp-to-preview" />
        <Button size="small" primary icon="save" content={pg('editor.save')} loading={save.isPending} disabled={!dirty || save.isPending} onClick={() => void onSave()} data-testid="cp-save" />
      </Segment>
      <div className="sf-cp-workspace">
        <Segment className="sf-cp-palette" data-testid="cp-palette">
          <h4>{pg('editor.palette')}</h4>
          <p className="sf-hint">{pg('editor.paletteHint')}</p>
          {CARD_KINDS.map((kind) => (
            <div
              key={kind}
              className="sf-cp-palette-item droppable-element"
              role="button"
              tabIndex={0}
              draggable
              unselectable="on"
              data-testid={`cp-palette-${kind}`}
              onDragStart={(e) => {
                dragged.current = kind;
                e.dataTransfer.setData('text/plain', kind); // some browsers start no drag without data
              }}
              onDragEnd={() => (dragged.current = null)}
              onClick={() => add(kind)}
              onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ' ? add(kind) : undefined)}
            >
              <i className={`icon ${ICONS[kind]}`} /> {pg(`kinds.${kind}`)}
            </div>
          ))}
        </Segment>
        <div className="sf-cp-canvas" ref={containerRef as RefObject<HTMLDivElement>} data-testid="cp-canvas">
          {cards.length === 0 ? <div className="sf-cp-canvas-empty">{pg('editor.emptyGrid')}</div> : null}
          {mounted ? (
            <ReactGridLayout
              layout={layout}
              width={width}
              style={{ minHeight: 420 }}
              gridConfig={{ cols: PAGE_LIMITS.cols, rowHeight: ROW_HEIGHT, margin: [8, 8] }}
              dragConfig={{ handle: '.sf-cp-card-head' }}
              dropConfig={{ enabled: true, defaultItem: { w: 4, h: 3 }, onDragOver: () => (dragged.current ? CARD_DEFAULT_SIZE[dragged.current] : false) }}
              onLayoutChange={(next) => setCards((now) => placed(now, next))}
              onDrop={(_, item) => {
                const kind = dragged.current;
                dragged.current = null;
                if (kind && item) add(kind, { x: item.x, y: item.y });
              }}
            >
              {cards.map((card) => (
                <section
                  key={card.i}
                  className={`sf-cp-card sf-cp-kind-${card.kind} ${card.i === selected ? 'sf-cp-selected' : ''}`}
                  data-testid={`cp-card-${card.kind}`}
                  data-card={card.i}
                  data-x={card.x}
                  data-y={card.y}
                  data-w={card.w}
                  data-h={card.h}
                  onClick={() => setSelected(card.i)}
                >
                  <header className="sf-cp-card-head">{card.title || pg(`kinds.${card.kind}`)}</header>
                  <div className="sf-cp-card-body">
                    <CardBody card={card} live={false} active={active} />
                  </div>
                </section>
              ))}
            </ReactGridLayout>
          ) : null}
        </div>
        <div className="sf-cp-side">
          {chosen ? (
            <CardSettingsForm
              key={chosen.i}
              card={chosen}
              onApply={(card) => setCards(cards.map((c) => (c.i === card.i ? card : c)))}
              onRemove={() => {
                setCards(cards.filter((c) => c.i !== chosen.i));
                setSelected(null);
              }}
            />
          ) : (
            <Segment className="sf-hint" data-testid="cp-no-selection">
              {pg('editor.noSelection')}
            </Segment>
          )}
          <Segment data-testid="cp-versions">
            <h4>{pg('editor.versions')}</h4>
            {(versions.data ?? []).length === 0 ? <p className="sf-hint">{pg('editor.noVersions')}</p> : null}
            <List divided relaxed>
              {(versions.data ?? []).map((v) => (
                <List.Item key={v.version} data-testid="cp-version" data-version={v.version}>
                  <List.Content floated="right">
                    <Button size="mini" content={pg('editor.revert')} onClick={() => void onRevert(v.version)} data-testid="cp-revert" />
                  </List.Content>
                  <List.Content>
                    {pg('editor.version', { version: v.version })} · {v.cards} · {formatDateTime(v.savedAt)}
                    {v.savedBy ? ` · ${v.savedBy}` : ''}
                  </List.Content>
                </List.Item>
              ))}
            </List>
          </Segment>
        </div>
      </div>
    </div>
  );
}
