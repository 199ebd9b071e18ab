import { useState } from 'react';
import { Button, Checkbox, Icon, Label, Segment } from 'semantic-ui-react';
import { AdminPath, type HomeCardKey, type HomeCardSetting, type RoleRow } from '@schoolflow/contracts';
import { PageLoader } from '../components/page-loader.js';
import { SortableItems } from '../components/sortable-items.js';
import { usePicturesT } from '../pictures/use-pictures-t.js';
import { textParam, useViewParam } from '../router/use-view-param.js';
import type { ViewProps } from '../router/view-props.js';
import { useAllRows } from '../views/ms/use-admin-lists.js';
import { useResetHomeCards, useRoleHomeCards, useSaveHomeCards } from './use-home-cards.js';
import './home-cards.css';

/**
 * 首页卡片管理 (`/ms/homeCards`; docs/product/administration.md#home-cards): a role chosen, its cards in order —
 * dragged (or moved up and down), ticked to show — saved, or restored to the defaults.
 */
export default function HomeCardsView({ active }: ViewProps) {
  const { p, lang } = usePicturesT();
  const roles = useAllRows<RoleRow>(AdminPath.roleList, active);
  const [code, setCode] = useViewParam('role', '', textParam);
  const chosen = code || (roles[0]?.code ?? null);
  const layout = useRoleHomeCards(chosen);
  const [draft, setDraft] = useState<{ role: string; cards: HomeCardSetting[] } | null>(null);
  const save = useSaveHomeCards();
  const reset = useResetHomeCards();
  const cards = draft && draft.role === chosen ? draft.cards : (layout.data?.cards ?? []);
  const edit = (next: HomeCardSetting[]) => chosen && setDraft({ role: chosen, cards: next });
  const move = (i: number, by: number) => {
    const next = [...cards];
    const [item] = next.splice(i, 1);
    if (item) next.splice(Math.max(0, Math.min(next.length, i + by)), 0, item);
    edit(next);
  };
  const byCard = new Map(cards.map((c) => [c.card, c]));
  return (
    <div className="sf-page sf-home-cards" data-testid="home-cards-view">
      <Segment className="sf-card">
        <h3>{p('cards.title')}</h3>
        <p className="sf-sub">{p('cards.hint')}</p>
        <div className="sf-home-cards-roles" role="tablist" aria-label={p('cards.role')}>
          {roles.map((r) => (
            <Button key={r.code} size="small" basic={r.code !== chosen} primary={r.code === chosen} onClick={() => setCode(r.code)} data-testid={`home-cards-role-${r.code}`}>
              {lang === 'en' ? r.nameEn || r.name : r.name}
            </Button>
          ))}
        </div>
        {!chosen || layout.isPending ? (
          <PageLoader />
        ) : (
          <>
            <div className="sf-home-cards-state">
              <Label size="small" basic color={layout.data?.custom ? 'blue' : undefined} data-testid="home-cards-custom">
                {layout.data?.custom ? p('cards.custom') : p('cards.defaults')}
              </Label>
            </div>
            <SortableItems
              ids={cards.map((c) => c.card)}
              layout="list"
              className="sf-home-cards-list"
              testId="home-cards-list"
              onOrder={(ids) => edit(ids.flatMap((id) => byCard.get(id as HomeCardKey) ?? []))}
              render={(id, i) => {
                const c = byCard.get(id as HomeCardKey);
                if (!c) return null;
                return (
                  <div className="sf-home-card-row" data-testid="home-card-row" data-card={c.card}>
                    <Icon name="bars" className="sf-home-card-handle" />
                    <span onPointerDown={(e) => e.stopPropagation()}>
                      <Checkbox checked={c.enabled} onChange={(_, d) => edit(cards.map((x) => (x.card === c.card ? { ...x, enabled: d.checked === true } : x)))} data-testid={`home-card-toggle-${c.card}`} aria-label={p(`cards.names.${c.card}`)} />
                    </span>
                    <span className="sf-home-card-name">{p(`cards.names.${c.card}`)}</span>
                    <span className="sf-home-card-moves" onPointerDown={(e) => e.stopPropagation()}>
                      <Button basic icon="arrow up" size="mini" disabled={i === 0} title={p('cards.up')} aria-label={p('cards.up')} onClick={() => move(i, -1)} data-testid={`home-card-up-${c.card}`} />
                      <Button basic icon="arrow down" size="mini" disabled={i === cards.length - 1} title={p('cards.down')} aria-label={p('cards.down')} onClick={() => move(i, 1)} data-testid={`home-card-down-${c.card}`} />
                    </span>
                  </div>
                );
              }}
            />
            <div className="sf-home-cards-actions">
              <Button primary loading={save.isPending} disabled={!draft || draft.role !== chosen} onClick={() => chosen && save.mutate({ code: chosen, cards }, { onSuccess: () => setDraft(null) })} data-testid="home-cards-save">
                {p('cards.save')}
              </Button>
              <Button basic loading={reset.isPending} onClick={() => chosen && reset.mutate(chosen, { onSuccess: () => setDraft(null) })} data-testid="home-cards-restore">
                {p('cards.restore')}
              </Button>
            </div>
          </>
        )}
      </Segment>
    </div>
  );
}
