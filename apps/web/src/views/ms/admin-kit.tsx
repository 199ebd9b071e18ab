import { useCallback, useState, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { Button, Checkbox, Form, Icon, Modal, type SemanticICONS } from 'semantic-ui-react';
import { Authorized } from '../../components/authorized.js';
import { confirmAction } from '../../components/confirm-dialog.js';
import { LabelledField } from '../../components/form-field.js';
import { OptionList, ToolButton, type Option } from '../../components/list-page.js';
import { toggled } from '../../util/use-selection.js';
import { translate, useT } from '../../i18n/use-t.js';
import { runAction, useTree } from './use-admin-lists.js';
import 'semantic-ui-css/components/progress.min.css';
import './admin.css';

/** Shared pieces of the system-administration screens (users, roles, menus, organisations, dictionaries, config). */

/** A labelled native select (browser tests pick options with selectOption). */
export function SelectField({
  label,
  testId,
  value,
  options,
  onValue,
  error,
  required,
  placeholder,
  disabled,
}: {
  label: string;
  testId: string;
  value: string;
  options: readonly Option[];
  onValue: (v: string) => void;
  error?: string;
  required?: boolean;
  placeholder?: string;
  disabled?: boolean;
}) {
  return (
    <LabelledField label={label} htmlFor={testId} testId={testId} required={required} error={error}>
      <select id={testId} className="ui fluid dropdown" value={value} disabled={disabled} data-testid={testId} aria-invalid={Boolean(error)} onChange={(e) => onValue(e.target.value)}>
        <OptionList empty={placeholder} options={options} />
      </select>
    </LabelledField>
  );
}

export function TextAreaField({
  label,
  testId,
  error,
  onValue,
  required,
  hint,
  ...rest
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange'> & { label: string; testId: string; error?: string; onValue: (v: string) => void; hint?: string }) {
  return (
    <LabelledField label={label} htmlFor={testId} testId={testId} required={required} error={error} hint={hint}>
      <textarea id={testId} {...rest} data-testid={testId} aria-invalid={Boolean(error)} onChange={(e) => onValue(e.target.value)} />
    </LabelledField>
  );
}

/** A toggle; the test id sits on the semantic wrapper (click it), `data-checked` tells the state. */
export function ToggleField({ label, testId, checked, onValue, disabled }: { label: string; testId: string; checked: boolean; onValue: (v: boolean) => void; disabled?: boolean }) {
  return (
    <Form.Field>
      <Checkbox toggle label={label} checked={checked} disabled={disabled} data-testid={testId} data-checked={checked ? '1' : '0'} onChange={(_, d) => onValue(Boolean(d.checked))} />
    </Form.Field>
  );
}

/** Modal with a form, Save and Cancel; `testId` names the modal, `${testId}-save`/`-cancel` its buttons. */
export function FormModal({
  open,
  title,
  testId,
  saving,
  onSave,
  onClose,
  children,
  size = 'small',
  saveLabel,
}: {
  open: boolean;
  title: string;
  testId: string;
  saving: boolean;
  onSave: () => void;
  onClose: () => void;
  children: ReactNode;
  size?: 'mini' | 'tiny' | 'small' | 'large';
  saveLabel?: string;
}) {
  return (
    <Modal open={open} size={size} onClose={onClose} closeOnDimmerClick={false} data-testid={testId}>
      <Modal.Header>{title}</Modal.Header>
      <Modal.Content scrolling>
        <Form
          onSubmit={(e) => {
            e.preventDefault();
            onSave();
          }}
          noValidate
        >
          {children}
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Form>
      </Modal.Content>
      <Modal.Actions>
        <Button basic type="button" onClick={onClose} data-testid={`${testId}-cancel`}>
          {translate('admin.cancel')}
        </Button>
        <Button primary type="button" loading={saving} disabled={saving} onClick={onSave} data-testid={`${testId}-save`}>
          {saveLabel ?? translate('admin.save')}
        </Button>
      </Modal.Actions>
    </Modal>
  );
}

/** Tree helpers for menus and organisations. */
export interface TreeLike<T> {
  id: string;
  children: T[];
}

export function flattenTree<T extends TreeLike<T>>(nodes: readonly T[], depth = 0, skipId?: string): { node: T; depth: number }[] {
  const out: { node: T; depth: number }[] = [];
  for (const n of nodes) {
    if (n.id === skipId) continue; // a node cannot move under itself or its own children
    out.push({ node: n, depth });
    out.push(...flattenTree(n.children ?? [], depth + 1, skipId));
  }
  return out;
}

export function allIds<T extends TreeLike<T>>(nodes: readonly T[]): string[] {
  return flattenTree(nodes).map((x) => x.node.id);
}

/** Asks `question`; on yes makes the call (toast `success`) and, when it worked, runs `then` (a reload). */
export async function confirmRun(question: string, path: string, json: unknown, success: string | null, then: () => void): Promise<void> {
  if (!(await confirmAction(question))) return;
  if ((await runAction(path, json, success)).ok) then();
}

/** A record's name in the language shown: the English one in English when it has one. */
export function useLocalName(): (n: { name: string; nameEn?: string | null }) => string {
  const { lang } = useT();
  return useCallback((n: { name: string; nameEn?: string | null }) => (lang === 'en' && n.nameEn ? n.nameEn : n.name), [lang]);
}

/** The options of a parent or department select: every node of the tree, indented by depth, but `skipId`'s branch. */
export function treeOptions<T extends TreeLike<T>>(tree: readonly T[], label: (n: T) => string, skipId?: string): Option[] {
  return flattenTree(tree, 0, skipId).map(({ node, depth }) => ({ value: node.id, text: `${'　'.repeat(depth)}${label(node)}` }));
}

export interface TreeRow<T> {
  id: string;
  node: T;
  depth: number;
  open: boolean;
  hasChildren: boolean;
}

/**
 * A tree from a POST path (useTree) shown as table rows: the nodes whose ancestors are all open, with their depth;
 * expand and collapse. It is a list card's source as it is.
 */
export function useTreeTable<T extends TreeLike<T>>(path: string, active: boolean) {
  const { tree, loading, reload } = useTree<T>(path, active);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const rows: TreeRow<T>[] = [];
  const walk = (nodes: readonly T[], depth: number) => {
    for (const node of nodes) {
      const kids = node.children ?? [];
      const open = !collapsed.has(node.id);
      rows.push({ id: node.id, node, depth, open, hasChildren: kids.length > 0 });
      if (open) walk(kids, depth + 1);
    }
  };
  walk(tree, 0);
  return {
    tree,
    loading,
    reload,
    page: { total: rows.length, list: rows },
    toggle: (id: string) => setCollapsed((c) => toggled(c, id)),
    expandAll: () => setCollapsed(new Set()),
    collapseAll: () => setCollapsed(new Set(allIds(tree))),
  };
}

/** The first cell of a tree row: indent, the caret that opens or closes it (`${testId}-expand`), an icon, the name. */
export function TreeName({ row, onToggle, icon, label, testId }: { row: TreeRow<unknown>; onToggle: () => void; icon: SemanticICONS; label: string; testId: string }) {
  return (
    <span className="sf-tree-cell" style={{ paddingLeft: row.depth * 22 }}>
      {row.hasChildren ? <Icon link name={row.open ? 'caret down' : 'caret right'} onClick={onToggle} data-testid={`${testId}-expand`} data-open={row.open ? '1' : '0'} /> : <span className="sf-tree-spacer" />}
      <Icon name={icon} color="grey" />
      <span data-testid={`${testId}-row-name`}>{label}</span>
    </span>
  );
}

/** A tree table's toolbar: add a root node (for those granted `permission`), expand all, collapse all. */
export function TreeTools({ testId, permission, onAdd, table }: { testId: string; permission: string; onAdd: () => void; table: { expandAll: () => void; collapseAll: () => void } }) {
  const { t } = useT();
  return (
    <>
      <Authorized all={[permission]}>
        <ToolButton primary icon="plus" text={t('admin.addRoot')} onClick={onAdd} testId={`${testId}-add`} />
      </Authorized>
      <ToolButton icon="expand" text={t('admin.expandAll')} onClick={table.expandAll} testId={`${testId}-expand-all`} />
      <ToolButton icon="compress" text={t('admin.collapseAll')} onClick={table.collapseAll} testId={`${testId}-collapse-all`} />
    </>
  );
}

/**
 * A tree editor (menus, organisations): the tree as table rows, names in the language shown, the parent options of a
 * node's form (every node but the edited one's branch); `remove` asks, then deletes a node. The form is the page's own.
 */
export function useTreeEditor<T extends TreeLike<T> & { name: string; nameEn?: string | null }>(paths: { tree: string; remove: string }, active: boolean) {
  const tree = useTreeTable<T>(paths.tree, active);
  const label = useLocalName();
  return {
    tree,
    label,
    parentOptions: (editedId?: string) => treeOptions(tree.tree, label, editedId),
    remove: (n: T, question: string) => confirmRun(question, paths.remove, { id: n.id, ids: [n.id] }, translate('admin.deleted'), tree.reload),
  };
}
