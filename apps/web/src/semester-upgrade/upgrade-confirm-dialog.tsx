import { Button, Icon, Modal } from 'semantic-ui-react';
import type { WorkflowInstanceView } from '@schoolflow/contracts';
import { reportError } from '../api/http.js';
import { useT } from '../i18n/use-t.js';
import { toast } from '../util/toast.js';
import { planOf, UpgradePlanText } from './upgrade-plan.js';
import { useActionKey, useWorkflowCommand } from '../workflow/use-workflow-instance.js';
import { UPGRADE_FLOW, upgradeKeys } from './upgrade-client.js';

/** The two confirmations are the instance's states: the dialog of each. */
const STEP: Record<string, 1 | 2> = { firstConfirmation: 1, secondConfirmation: 2 };

/**
 * The confirmation an upgrade waits for (its first, then its second), naming what will happen from the plan its start
 * recorded. Confirm sends CONFIRM at the version shown; 取消此次升级 withdraws it (the lock is released); 稍后再确认
 * closes the dialog and leaves it waiting — any administrator may go on from the page.
 */
export function UpgradeConfirmDialog({ view, onClose }: { view: WorkflowInstanceView | null; onClose: () => void }) {
  const { t } = useT();
  // the page reads everything again after a confirmation or a withdrawal (its lock, its history, the bar)
  const command = useWorkflowCommand(UPGRADE_FLOW, upgradeKeys.all);
  // the action begins as a step's dialog is shown: a double click or a retry of it confirms once
  const key = useActionKey(view ? `${view.id}@${view.version}` : null);
  const step = view ? STEP[view.state] : undefined;
  const plan = view ? planOf(view.context) : null;
  const send = async (type: 'CONFIRM' | 'WITHDRAW') => {
    if (!view) return;
    try {
      const msg = await command.mutateAsync({ id: view.id, type, version: view.version, key });
      toast.success(msg);
      // a second confirmation is on its way back as the next state; after the last, or a withdrawal, it closes
      if (type === 'WITHDRAW' || step === 2) onClose();
    } catch (err) {
      reportError(err);
      onClose();
    }
  };
  const can = (type: string) => view?.can.includes(type) === true;
  return (
    <Modal open={view !== null && step !== undefined && plan !== null} size="small" closeOnDimmerClick={false} onClose={onClose} data-testid="upgrade-confirm" data-step={step ?? 0}>
      <Modal.Header>
        <Icon name="warning sign" color={step === 2 ? 'red' : 'orange'} /> {step === 2 ? t('semesterUpgrade.confirm2.title') : t('semesterUpgrade.confirm1.title')}
      </Modal.Header>
      <Modal.Content>{plan ? <UpgradePlanText plan={plan} irreversible testId="upgrade-confirm-plan" /> : null}</Modal.Content>
      <Modal.Actions>
        <Button basic negative disabled={command.isPending || !can('WITHDRAW')} onClick={() => void send('WITHDRAW')} data-testid="upgrade-withdraw">
          <Icon name="undo" /> {t('semesterUpgrade.withdraw')}
        </Button>
        <Button basic disabled={command.isPending} onClick={onClose} data-testid="upgrade-later">
          {t('semesterUpgrade.later')}
        </Button>
        <Button primary={step === 1} negative={step === 2} loading={command.isPending} disabled={command.isPending || !can('CONFIRM')} onClick={() => void send('CONFIRM')} data-testid="upgrade-confirm-ok">
          <Icon name="check" /> {step === 2 ? t('semesterUpgrade.confirm2.ok') : t('semesterUpgrade.confirm1.ok')}
        </Button>
      </Modal.Actions>
    </Modal>
  );
}
