import { useState } from 'react';
import { Button, Checkbox, Icon } from 'semantic-ui-react';
import type { MenuAdminNode } from '@schoolflow/contracts';
import { useT } from '../../../i18n/use-t.js';
import { allIds } from '../admin-kit.js';

function descendants(n: MenuAdminNode): string[] {
  return n.children.flatMap((c) => [c.id, ...descendants(c)]);
}

/**
 * Checkbox tree of menus. Checking a node checks its subtree and its ancestors (a page needs its group to show);
 * unchecking clears the subtree. A parent with some children checked shows as indeterminate.
 */
export function MenuCheckTree({ nodes, checked, onChange }: { nodes: MenuAdminNode[]; checked: ReadonlySet<string>; onChange: (next: Set<string>) => void }) {
  const { t, lang } = useT();
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const parents = new Map<string, string | null>();
  const walk = (list: MenuAdminNode[], parent: string | null) => {
    for (const n of list) {
      parents.set(n.id, parent);
      walk(n.children, n.id);
    }
  };
  walk(nodes, null);

  const toggle = (n: MenuAdminNode, on: boolean) => {
    const next = new Set(checked);
    for (const id of [n.id, ...descendants(n)]) {
      if (on) next.add(id);
      else next.delete(id);
    }
    if (on) for (let p = parents.get(n.id) ?? null; p; p = parents.get(p) ?? null) next.add(p);
    onChange(next);
  };

  const render = (list: MenuAdminNode[], depth: number) =>
    list.map((n) => {
      const sub = descendants(n);
      const some = sub.some((id) => checked.has(id));
      const all = sub.length > 0 && sub.every((id) => checked.has(id));
      const open = !collapsed.has(n.id);
      return (
        <div key={n.id} className="sf-tree-node">
          <div className="sf-tree-line" style={{ paddingLeft: depth * 20 }} data-testid="grant-menu" data-id={n.id} data-url={n.url} data-checked={checked.has(n.id) ? '1' : '0'}>
            {n.children.length > 0 ? (
              <Icon
                link
                name={open ? 'caret down' : 'caret right'}
                onClick={() =>
                  setCollapsed((c) => {
                    const x = new Set(c);
                    if (x.has(n.id)) x.delete(n.id);
                    else x.add(n.id);
                    return x;
                  })
                }
              />
            ) : (
              <span className="sf-tree-spacer" />
            )}
            <Checkbox
              label={`${lang === 'en' && n.nameEn ? n.nameEn : n.name}`}
              checked={checked.has(n.id) && (sub.length === 0 || all || !some)}
              indeterminate={checked.has(n.id) && some && !all}
              onChange={(_, d) => toggle(n, Boolean(d.checked))}
              data-testid="grant-menu-check"
            />
            {n.permission ? <code className="sf-tree-perm">{n.permission}</code> : null}
          </div>
          {open && n.children.length > 0 ? render(n.children, depth + 1) : null}
        </div>
      );
    });

  return (
    <div className="sf-tree" data-testid="grant-menu-tree">
      <div className="sf-tree-tools">
        <Button type="button" size="mini" basic onClick={() => onChange(new Set(allIds(nodes)))} data-testid="grant-check-all">
          <Icon name="check square outline" /> {t('common.all')}
        </Button>
        <Button type="button" size="mini" basic onClick={() => onChange(new Set())} data-testid="grant-check-none">
          <Icon name="square outline" /> {t('common.reset')}
        </Button>
        <Button type="button" size="mini" basic onClick={() => setCollapsed(new Set())}>
          {t('admin.expandAll')}
        </Button>
        <Button type="button" size="mini" basic onClick={() => setCollapsed(new Set(allIds(nodes)))}>
          {t('admin.collapseAll')}
        </Button>
      </div>
      {render(nodes, 0)}
    </div>
  );
}
