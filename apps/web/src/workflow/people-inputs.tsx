import type { WorkflowAssignee } from '@schoolflow/contracts';
import { useState } from 'react';
import { Form, Icon, Label } from 'semantic-ui-react';
import { useT } from '../i18n/use-t.js';
import { useCcCandidates, useTransferCandidates } from './use-people-candidates.js';

interface Instance {
  flow: string;
  id: string;
}

/** 转办: one of the holders of the step's role, as the server lists them; another command's (派单): its role's holders. */
export function TransferInput({ instance, value, onChange, command = 'TRANSFER' }: { instance: Instance; value: string; onChange: (id: string) => void; command?: string }) {
  const { t } = useT();
  const people = useTransferCandidates(instance, command);
  return (
    <Form.Field required>
      <label htmlFor="action-transfer-to">{command === 'TRANSFER' ? t('leaveAction.transferTo') : t('leaveAction.assignTo')}</label>
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
  const found = useCcCandidates(instance, q);
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
