import { Form, Header, Label, Segment } from 'semantic-ui-react';
import { Permission } from '@schoolflow/contracts';
import { useAuthorized } from '../../../components/authorized.js';
import { useT } from '../../../i18n/use-t.js';
import { toast } from '../../../util/toast.js';
import { choiceOf, type EncryptionChoice, useRequestEncryption, useSaveRequestEncryption } from './use-request-encryption.js';

/**
 * The request-encryption switch of the system configuration (docs/adr/0036-request-encryption.md): the environment's
 * REQUEST_ENCRYPT, or on, or off. Saved on its own, at once (not with the form above): it changes how every page talks
 * to the server, this one included, which reads the application configuration again right after.
 */
export function RequestEncryptionSwitch({ active }: { active: boolean }) {
  const { t } = useT();
  const canEdit = useAuthorized({ all: [Permission.configEdit] });
  const setting = useRequestEncryption(active);
  const save = useSaveRequestEncryption();
  const data = setting.data;
  const current = data ? choiceOf(data.override) : null;
  const envState = t(data?.defaultValue ? 'requestEncryption.on' : 'requestEncryption.off');
  const options: { value: EncryptionChoice; label: string }[] = [
    { value: 'default', label: t('requestEncryption.choiceDefault', { state: envState }) },
    { value: 'on', label: t('requestEncryption.on') },
    { value: 'off', label: t('requestEncryption.off') },
  ];

  return (
    <Segment className="sf-card" loading={setting.isFetching || save.isPending} data-testid="request-encryption">
      <Header as="h4" dividing>
        {t('requestEncryption.title')}{' '}
        {data ? (
          <Label size="small" color={data.enabled ? 'green' : 'grey'} data-testid="request-encryption-state" data-enabled={data.enabled ? '1' : '0'}>
            {t(data.enabled ? 'requestEncryption.on' : 'requestEncryption.off')}
          </Label>
        ) : null}
      </Header>
      <p className="sf-hint">{t('requestEncryption.hint')}</p>
      <Form>
        <Form.Group inline>
          {options.map((o) => (
            <Form.Radio
              key={o.value}
              label={o.label}
              value={o.value}
              checked={current === o.value}
              disabled={!canEdit || !data || save.isPending}
              onChange={() => save.mutate(o.value, { onSuccess: () => toast.success(t('config.saved')) })}
              data-testid={`request-encryption-${o.value}`}
            />
          ))}
        </Form.Group>
      </Form>
    </Segment>
  );
}
