import type { WorkflowAssignee } from '@schoolflow/contracts';
import { useEffect, useState } from 'react';
import { Form, Icon, Label } from 'semantic-ui-react';
import { isCancelled, reportError } from '../api/http.js';
import { workflowApi } from '../api/workflow-api.js';
import { useT } from '../i18n/use-t.js';

interface Instance {
  flow: string;
  id: string;
}

/** 转办: one of the holders of the step's role, as the server lists them. */
export function TransferInput({ instance, value, onChange }: { instance: Instance; value: string; onChange: (id: string) => void }) {
  const { t } = useT();
  const [people, setPeople] = useState<WorkflowAssignee[] | null>(null);
  useEffect(() => {
    const ac = new AbortController();
    workflowApi.transferCandidates(instance.flow, instance.id, ac.signal).then(setPeople, (err: unknown) => {
      if (!isCancelled(err)) reportError(err);
    });
    return () => ac.abort();
  }, [instance.flow, instance.id]);
  return (
    <Form.Field required>
      <label htmlFor="action-transfer-to">{t('leaveAction.transferTo')}</label>
      <select id="action-transfer-to" className="ui dropdown" value={value} data-testid="action-transfer-to" onChange={(e) => onChange(e.target.value)}>
        <option value="">{people && people.length === 0 ? t('leaveAction.noCandidates') : t('leaveAction.transferPlaceholder')}</option>
        {(people ?? []).map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
    </Form.Field>
  );
}

/** 抄送: people found by a part of their name or account, gathered as labels. */
export function CcInput({ instance, value, onChange }: { instance: Instance; value: readonly WorkflowAssignee[]; onChange: (people: WorkflowAssignee[]) => void }) {
  const { t } = useT();
  const [q, setQ] = useState('');
  const [found, setFound] = useState<WorkflowAssignee[]>([]);
  useEffect(() => {
    const text = q.trim();
    if (text === '') {
      setFound([]);
      return undefined;
    }
    const ac = new AbortController();
    const timer = setTimeout(() => {
      workflowApi.ccCandidates(instance.flow, instance.id, text, ac.signal).then(setFound, (err: unknown) => {
        if (!isCancelled(err)) reportError(err);
      });
    }, 250); // typing: one search per pause
    return () => {
      clearTimeout(timer);
      ac.abort();
    };
  }, [q, instance.flow, instance.id]);
  const chosen = new Set(value.map((p) => p.id));
  return (
    <Form.Field required>
      <label htmlFor="action-cc-search">{t('leaveAction.ccUsers')}</label>
      <div className="sf-cc-chosen" data-testid="action-cc-chosen">
        {value.map((p) => (
          <Label key={p.id} size="small">
            {p.name}
            <Icon name="delete" onClick={() => onChange(value.filter((x) => x.id !== p.id))} />
          </Label>
        ))}
      </div>
      <input id="action-cc-search" value={q} placeholder={t('common.search')} data-testid="action-cc-search" onChange={(e) => setQ(e.target.value)} />
      <div className="sf-cc-found">
        {found
          .filter((p) => !chosen.has(p.id))
          .map((p) => (
            <button type="button" key={p.id} className="ui mini basic button" data-testid="action-cc-option" onClick={() => onChange([...value, p])}>
              <Icon name="add user" /> {p.name}
            </button>
          ))}
      </div>
    </Form.Field>
  );
}
