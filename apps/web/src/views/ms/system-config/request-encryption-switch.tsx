import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Header, Label, Segment } from 'semantic-ui-react';
import { AdminPath, Permission, type RequestEncryptionSetting } from '@schoolflow/contracts';
import { adminApi } from '../../../api/admin-api.js';
import { reportError } from '../../../api/http.js';
import { useAuthorized } from '../../../components/authorized.js';
import { loadAppConfig } from '../../../config/load-app-config.js';
import { useT } from '../../../i18n/use-t.js';
import { toast } from '../../../util/toast.js';
import { adminKeys } from '../admin-keys.js';

type Choice = 'default' | 'on' | 'off';
const choiceOf = (override: boolean | null): Choice => (override === null ? 'default' : override ? 'on' : 'off');
const overrideOf = (choice: Choice): boolean | null => (choice === 'default' ? null : choice === 'on');

/**
 * The request-encryption switch of the system configuration (docs/adr/0036-request-encryption.md): the environment's
 * REQUEST_ENCRYPT, or on, or off. Saved on its own, at once (not with the form above): it changes how every page talks
 * to the server, this one included, which reads the application configuration again right after.
 */
export function RequestEncryptionSwitch({ active }: { active: boolean }) {
  const { t } = useT();
  const canEdit = useAuthorized({ all: [Permission.configEdit] });
  const client = useQueryClient();
  const key = adminKeys.path(AdminPath.requestEncryptionGet);
  const setting = useQuery({ queryKey: key, queryFn: ({ signal }) => adminApi.post<RequestEncryptionSetting>(AdminPath.requestEncryptionGet, {}, signal), enabled: active, staleTime: 0 });
  const save = useMutation({
    mutationFn: (choice: Choice) => adminApi.post<RequestEncryptionSetting>(AdminPath.requestEncryptionSave, { requestEncrypt: overrideOf(choice) }),
    onSuccess: async (saved) => {
      client.setQueryData(key, saved);
      toast.success(t('config.saved'));
      await loadAppConfig();
    },
    onError: reportError,
  });
  const data = setting.data;
  const current = data ? choiceOf(data.override) : null;
  const envState = t(data?.defaultValue ? 'requestEncryption.on' : 'requestEncryption.off');
  const options: { value: Choice; label: string }[] = [
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
              onChange={() => save.mutate(o.value)}
              data-testid={`request-encryption-${o.value}`}
            />
          ))}
        </Form.Group>
      </Form>
    </Segment>
  );
}
