import { useCallback, useEffect, useRef, useState, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { Button, Checkbox, Form, Modal } from 'semantic-ui-react';
import type { ZodType } from 'zod';
import type { Page } from '@schoolflow/contracts';
import { isCancelled, reportError, requestData } from '../../api/http.js';
import { usePaging } from '../../components/pager.js';
import { translate, validationMessage } from '../../i18n/use-t.js';
import { toast } from '../../util/toast.js';
import 'semantic-ui-css/components/progress.min.css';
import './admin.css';

/** Shared pieces of the system-administration screens (users, roles, menus, organisations, dictionaries, config). */

export type FieldErrors = Record<string, string>;

/**
 * Runs a shared zod schema; on failure answers the first message per field (dotted path), translated through the
 * `validation` namespace (unknown keys fall back to the key text).
 */
export function validate<T>(schema: ZodType<T>, value: unknown): { data: T; errors: null } | { data: null; errors: FieldErrors } {
  const r = schema.safeParse(value);
  if (r.success) return { data: r.data, errors: null };
  const errors: FieldErrors = {};
  for (const issue of r.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    errors[key] ??= validationMessage(issue.message);
  }
  return { data: null, errors };
}

/** Reads a list answer: `{total, list}`, `{total, rows}` or a bare array (some lists are not paged). */
export function readPage<T>(data: unknown): Page<T> {
  if (Array.isArray(data)) return { total: data.length, list: data as T[] };
  const o = (data ?? {}) as { total?: unknown; list?: unknown; rows?: unknown };
  const list = (Array.isArray(o.list) ? o.list : Array.isArray(o.rows) ? o.rows : []) as T[];
  return { total: Number(o.total) || list.length, list };
}

/** A call that changes something: toast on success, the server's message on failure. Answers whether it worked. */
export async function runAction<T = unknown>(path: string, json: unknown, success: string | null = translate('admin.updated')): Promise<{ ok: true; data: T } | { ok: false }> {
  try {
    const data = await requestData<T>(path, { json });
    if (success) toast.success(success);
    return { ok: true, data };
  } catch (err) {
    reportError(err);
    return { ok: false };
  }
}

/** A paged list under `path` with `{current, size, orders, query}`; reloads when the page is active and inputs change. */
export function usePagedList<T>(path: string, query: Record<string, unknown> | null, active: boolean, initialSize = 10) {
  const { current, size, setCurrent, setSize } = usePaging(initialSize);
  const [page, setPage] = useState<Page<T>>({ total: 0, list: [] });
  const [loading, setLoading] = useState(false);
  const [tick, setTick] = useState(0);
  const ctrl = useRef<AbortController | null>(null);
  const queryKey = JSON.stringify(query);

  const load = useCallback(
    async (pageNo: number, pageSize: number, q: string) => {
      ctrl.current?.abort();
      const c = new AbortController();
      ctrl.current = c;
      setLoading(true);
      try {
        const data = await requestData<unknown>(path, { json: { current: pageNo, size: pageSize, orders: [], query: JSON.parse(q) as unknown }, signal: c.signal });
        const { list, total } = readPage<T>(data);
        // The last row of the last page was deleted: step back one page.
        if (list.length === 0 && pageNo > 1 && total > 0) setCurrent(Math.max(1, Math.ceil(total / pageSize)));
        setPage({ total, list });
      } catch (err) {
        if (isCancelled(err)) return;
        reportError(err);
        setPage({ total: 0, list: [] });
      } finally {
        if (ctrl.current === c) setLoading(false);
      }
    },
    [path],
  );

  useEffect(() => {
    if (active && queryKey !== 'null') void load(current, size, queryKey);
  }, [active, current, size, queryKey, tick, load]);
  useEffect(() => () => ctrl.current?.abort(), []);
  useEffect(() => setCurrent(1), [queryKey]);

  return {
    page,
    loading,
    current,
    size,
    setCurrent,
    setSize,
    reload: () => setTick((n) => n + 1),
  };
}

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
  options: readonly { value: string; text: string }[];
  onValue: (v: string) => void;
  error?: string;
  required?: boolean;
  placeholder?: string;
  disabled?: boolean;
}) {
  return (
    <Form.Field error={Boolean(error)} required={required}>
      <label htmlFor={testId}>{label}</label>
      <select id={testId} className="ui fluid dropdown" value={value} disabled={disabled} data-testid={testId} aria-invalid={Boolean(error)} onChange={(e) => onValue(e.target.value)}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.text}
          </option>
        ))}
      </select>
      {error ? (
        <div className="sf-field-error" role="alert" data-testid={`${testId}-error`}>
          {error}
        </div>
      ) : null}
    </Form.Field>
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
    <Form.Field error={Boolean(error)} required={required}>
      <label htmlFor={testId}>{label}</label>
      <textarea id={testId} {...rest} data-testid={testId} aria-invalid={Boolean(error)} onChange={(e) => onValue(e.target.value)} />
      {hint ? <div className="sf-hint">{hint}</div> : null}
      {error ? (
        <div className="sf-field-error" role="alert" data-testid={`${testId}-error`}>
          {error}
        </div>
      ) : null}
    </Form.Field>
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

/** Text inputs trim whitespace (platform-shell §5.6) before validation. */
export function trimAll<T extends Record<string, unknown>>(value: T, keys: readonly (keyof T)[]): T {
  const out = { ...value };
  for (const k of keys) if (typeof out[k] === 'string') out[k] = (out[k] as string).trim() as T[keyof T];
  return out;
}

/** A tree loaded from a POST path while the view is active; `reload()` fetches it again. Failures empty it. */
export function useTree<T>(path: string, active: boolean): { tree: T[]; loading: boolean; reload: () => void } {
  const [tree, setTree] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!active) return;
    const c = new AbortController();
    setLoading(true);
    requestData<T[]>(path, { json: {}, signal: c.signal }).then(
      (data) => setTree(Array.isArray(data) ? data : []),
      (err: unknown) => {
        if (isCancelled(err)) return;
        reportError(err);
        setTree([]);
      },
    ).finally(() => {
      if (!c.signal.aborted) setLoading(false);
    });
    return () => c.abort();
  }, [path, active, tick]);
  return { tree, loading, reload: useCallback(() => setTick((n) => n + 1), []) };
}
