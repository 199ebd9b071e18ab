import { Button, Icon, Label, Segment, Table } from 'semantic-ui-react';
import { ChangePasswordForm } from '../../../components/change-password-form.js';
import { EmptyState } from '../../../components/empty-state.js';
import { useT } from '../../../i18n/use-t.js';
import type { ViewProps } from '../../../router/view-props.js';
import { formatDateTime } from '../../../util/date.js';
import { useEndOtherSessions, useMySessions } from './use-my-sessions.js';

/** Browser and system tokens picked out of the user agent itself (data, not labels). */
function describeAgent(ua: string): { text: string; mobile: boolean } {
  const browser = /(Edg|OPR|Firefox|Chrome|Chromium|Version)\/(\d+)/.exec(ua);
  const system = /(Windows NT [\d.]+|Mac OS X [\d_]+|Android [\d.]+|iPhone OS [\d_]+|iPad|Linux|CrOS)/.exec(ua);
  const parts: string[] = [];
  if (browser?.[1]) parts.push(`${browser[1] === 'Version' ? 'Safari' : browser[1] === 'Edg' ? 'Edge' : browser[1]} ${browser[2] ?? ''}`.trim());
  if (system?.[1]) parts.push(system[1].replace(/_/g, '.'));
  return { text: parts.join(' · '), mobile: /Mobile|Android|iPhone|iPad/.test(ua) };
}

/** Account security (qt_app/AccountSecurity): change password inline, and the user's own sessions. */
export default function AccountSecurityView({ active }: ViewProps) {
  const { t } = useT();
  const { sessions, loading, reload } = useMySessions(active);
  const end = useEndOtherSessions();
  const ending = end.isPending;

  const others = sessions.filter((s) => !s.current).length;

  return (
    <div className="sf-page sf-account-security" data-testid="account-security">
      <div className="sf-two-cols">
        <Segment className="sf-card">
          <h3 className="sf-card-title">
            <Icon name="lock" /> {t('accountSecurity.passwordSection')}
          </h3>
          <p className="sf-hint">{t('accountSecurity.passwordHint')}</p>
          <ChangePasswordForm onSuccess={reload} />
        </Segment>
        <Segment className="sf-card" loading={loading}>
          <div className="sf-card-head">
            <h3 className="sf-card-title">
              <Icon name="desktop" /> {t('accountSecurity.sessionsSection')}
            </h3>
            <div>
              <Button basic size="small" icon="refresh" title={t('common.refresh')} aria-label={t('common.refresh')} onClick={reload} data-testid="sessions-refresh" />
              <Button
                size="small"
                negative
                basic
                disabled={ending || others === 0}
                loading={ending}
                onClick={() => end.mutate()}
                data-testid="sessions-end-others"
              >
                <Icon name="sign out" /> {t('accountSecurity.endOthers')}
              </Button>
            </div>
          </div>
          <p className="sf-hint">{t('accountSecurity.sessionsHint')}</p>
          {sessions.length === 0 && !loading ? (
            <EmptyState icon="desktop" text={t('accountSecurity.empty')} testId="sessions-empty" />
          ) : (
            <Table basic="very" compact unstackable className="sf-table" data-testid="sessions-table">
              <Table.Header>
                <Table.Row>
                  <Table.HeaderCell>{t('accountSecurity.device')}</Table.HeaderCell>
                  <Table.HeaderCell>{t('accountSecurity.ip')}</Table.HeaderCell>
                  <Table.HeaderCell>{t('accountSecurity.createdAt')}</Table.HeaderCell>
                  <Table.HeaderCell>{t('accountSecurity.lastSeenAt')}</Table.HeaderCell>
                  <Table.HeaderCell>{t('accountSecurity.expiresAt')}</Table.HeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {sessions.map((s) => {
                  const agent = describeAgent(s.userAgent ?? '');
                  return (
                    <Table.Row key={s.id} data-testid="session-row" data-session-id={s.id} data-current={s.current ? 'true' : 'false'} positive={s.current}>
                      <Table.Cell title={s.userAgent}>
                        <Icon name={agent.mobile ? 'mobile alternate' : 'desktop'} />
                        {agent.text || t('accountSecurity.unknownDevice')}
                        {s.current ? (
                          <Label size="mini" color="green" className="sf-current-label" data-testid="session-current">
                            {t('accountSecurity.current')}
                          </Label>
                        ) : null}
                      </Table.Cell>
                      <Table.Cell>{s.ip}</Table.Cell>
                      <Table.Cell>{formatDateTime(s.createdAt)}</Table.Cell>
                      <Table.Cell>{formatDateTime(s.lastSeenAt)}</Table.Cell>
                      <Table.Cell>{formatDateTime(s.expiresAt)}</Table.Cell>
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </Table>
          )}
        </Segment>
      </div>
    </div>
  );
}
