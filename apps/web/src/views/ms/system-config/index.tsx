import { useState } from 'react';
import { Controller, type Control, useForm, useWatch } from 'react-hook-form';
import { Button, Form, Header, Icon, Label, Segment } from 'semantic-ui-react';
import { AdminPath, Permission, THEMES, systemConfigSchema, type SystemConfig } from '@schoolflow/contracts';
import { useAuthorized } from '../../../components/authorized.js';
import { LabelledField } from '../../../components/form-field.js';
import { CardHead, RefreshButton } from '../../../components/list-page.js';
import { loadAppConfig } from '../../../config/load-app-config.js';
import { translate, useT } from '../../../i18n/use-t.js';
import type { ViewProps } from '../../../router/view-props.js';
import { FormText, FormTextArea, adminResolver, firstError, postForm } from '../admin-form.js';
import { useSystemConfig } from '../use-admin-lists.js';
import { RequestEncryptionSwitch } from './request-encryption-switch.js';

type Draft = Omit<SystemConfig, 'leaveThresholdDays' | 'reminderDelayMinutes'> & { leaveThresholdDays: string; reminderDelayMinutes: string };
type Localised = 'loginTitle' | 'loginFooter' | 'title' | 'pwdDescription';

const EMPTY: Draft = {
  loginTitle: { zh: '', en: '' },
  loginFooter: { zh: '', en: '' },
  title: { zh: '', en: '' },
  logoUrl: '',
  themeDefault: '',
  pwdRule: '',
  pwdDescription: { zh: '', en: '' },
  leaveThresholdDays: '3',
  reminderDelayMinutes: '60',
};

function fromConfig(c: Partial<SystemConfig> | null | undefined): Draft {
  const loc = (v: { zh?: string; en?: string } | undefined) => ({ zh: v?.zh ?? '', en: v?.en ?? '' });
  return {
    loginTitle: loc(c?.loginTitle),
    loginFooter: loc(c?.loginFooter),
    title: loc(c?.title),
    logoUrl: c?.logoUrl ?? '',
    themeDefault: c?.themeDefault ?? '',
    pwdRule: c?.pwdRule ?? '',
    pwdDescription: loc(c?.pwdDescription),
    leaveThresholdDays: c?.leaveThresholdDays === undefined ? EMPTY.leaveThresholdDays : String(c.leaveThresholdDays),
    reminderDelayMinutes: c?.reminderDelayMinutes === undefined ? EMPTY.reminderDelayMinutes : String(c.reminderDelayMinutes),
  };
}

function compile(rule: string): RegExp | null {
  try {
    return new RegExp(rule);
  } catch {
    return null;
  }
}

/** The input the schema reads: the titles and the logo address trimmed, an empty number left for the schema to refuse. */
function toInput(d: Draft): unknown {
  return {
    ...d,
    logoUrl: d.logoUrl.trim(),
    loginTitle: { zh: d.loginTitle.zh.trim(), en: d.loginTitle.en.trim() },
    title: { zh: d.title.zh.trim(), en: d.title.en.trim() },
    leaveThresholdDays: d.leaveThresholdDays.trim() === '' ? undefined : d.leaveThresholdDays,
    reminderDelayMinutes: d.reminderDelayMinutes.trim() === '' ? undefined : d.reminderDelayMinutes,
  };
}

// the form's own rule beyond the schema: the password rule is a regular expression the browser can compile
const resolver = adminResolver(systemConfigSchema, toInput, (d) => ({ pwdRule: d.pwdRule && !compile(d.pwdRule) ? translate('config.pwdRuleInvalid') : undefined }));

/** System configuration (ms/systemConfig): titles, logo, default theme, password policy, business parameters. */
export default function SystemConfigView({ active }: ViewProps) {
  const { t } = useT();
  const { config, loadedAt, loading, reload } = useSystemConfig(active);
  // the password to try the rule on is the page's, not the form's: it stays across a save and a refresh
  const [trial, setTrial] = useState('');
  return (
    <div className="sf-page sf-admin" data-testid="config-view">
      <Segment className="sf-card" loading={loading}>
        <CardHead icon="setting" title={t('config.title')} toolsClass={null} tools={<RefreshButton onClick={reload} testId="config-refresh" />} />
        {/* each read that worked starts the form again from the values read (unsaved edits too, as Refresh promises),
            even when they did not change: keyed by the read's time, not by the values */}
        <ConfigForm key={loadedAt} config={config} trial={trial} onTrial={setTrial} onSaved={reload} />
      </Segment>
      <RequestEncryptionSwitch active={active} />
    </div>
  );
}

function ConfigForm({ config, trial, onTrial, onSaved }: { config: SystemConfig | undefined; trial: string; onTrial: (v: string) => void; onSaved: () => void }) {
  const { t, tv } = useT();
  const canEdit = useAuthorized({ all: [Permission.configEdit] });
  const { control, handleSubmit, formState } = useForm({ defaultValues: fromConfig(config), resolver });
  const [pwdRule, logoUrl] = useWatch({ control, name: ['pwdRule', 'logoUrl'] });
  const rule = compile(pwdRule);
  const logoError = formState.errors.logoUrl;

  const save = handleSubmit((body) =>
    postForm(
      AdminPath.configSave,
      body,
      () => {
        onSaved();
        void loadAppConfig(); // titles in the shell follow the new values
      },
      t('config.saved'),
    ),
  );

  const loc = (k: Localised, label: string, max: number, area = false) => (
    <Form.Group widths="equal">
      {(['zh', 'en'] as const).map((lang) =>
        area ? (
          <FormTextArea key={lang} control={control} name={`${k}.${lang}`} label={`${label} (${t(`config.${lang}`)})`} testId={`config-${k}-${lang}`} rows={2} maxLength={max} disabled={!canEdit} />
        ) : (
          <FormText key={lang} control={control} name={`${k}.${lang}`} label={`${label} (${t(`config.${lang}`)})`} testId={`config-${k}-${lang}`} maxLength={max} disabled={!canEdit} />
        ),
      )}
    </Form.Group>
  );

  return (
    <Form
      onSubmit={(e) => {
        e.preventDefault();
        if (canEdit) void save();
      }}
      noValidate
      data-testid="config-form"
    >
      <Header as="h4" dividing>
        {t('config.sectionLogin')}
      </Header>
      {loc('loginTitle', t('config.loginTitle'), 60)}
      {loc('loginFooter', t('config.loginFooter'), 200, true)}
      {loc('title', t('config.appTitle'), 60)}

      <Header as="h4" dividing>
        {t('config.sectionLook')}
      </Header>
      <Form.Group widths="equal">
        <Controller
          control={control}
          name="logoUrl"
          render={({ field, fieldState }) => {
            const message = firstError(fieldState.error);
            return (
              <LabelledField label={t('config.logoUrl')} htmlFor="config-logo-url" testId="config-logo-url" error={message ? tv(message) : undefined} hint={t('config.logoHint')}>
                <div className="ui fluid input">
                  <input id="config-logo-url" value={field.value} maxLength={500} disabled={!canEdit} placeholder="/logo.png" data-testid="config-logo-url" onChange={(e) => field.onChange(e.target.value)} onBlur={field.onBlur} />
                </div>
              </LabelledField>
            );
          }}
        />
        <Form.Field>
          <label>&nbsp;</label>
          {logoUrl && !logoError ? <img className="sf-logo-preview" src={logoUrl.trim()} alt="" data-testid="config-logo-preview" /> : null}
        </Form.Field>
      </Form.Group>
      <ThemeChoice control={control} disabled={!canEdit} />

      <Header as="h4" dividing>
        {t('config.sectionPassword')}
      </Header>
      {/* the rule's own message shows as it is typed, before any save */}
      <FormText control={control} name="pwdRule" label={t('config.pwdRule')} testId="config-pwd-rule" required maxLength={300} disabled={!canEdit} spellCheck={false} fallbackError={pwdRule && !rule ? t('config.pwdRuleInvalid') : undefined} />
      {loc('pwdDescription', t('config.pwdDescription'), 200, true)}
      <Form.Field>
        <label htmlFor="config-pwd-test">{t('config.pwdTest')}</label>
        <div className="ui fluid right labeled input">
          <input id="config-pwd-test" value={trial} placeholder={t('config.pwdTestPlaceholder')} maxLength={50} autoComplete="off" data-testid="config-pwd-test" onChange={(e) => onTrial(e.target.value)} />
          {trial && rule ? (
            <Label color={rule.test(trial) ? 'green' : 'red'} data-testid="config-pwd-test-result" data-ok={rule.test(trial) ? '1' : '0'}>
              <Icon name={rule.test(trial) ? 'check' : 'close'} /> {rule.test(trial) ? t('config.pwdTestOk') : t('config.pwdTestFail')}
            </Label>
          ) : (
            <Label basic>—</Label>
          )}
        </div>
      </Form.Field>

      <Header as="h4" dividing>
        {t('config.sectionWorkflow')}
      </Header>
      <Form.Group widths="equal">
        <FormText control={control} name="leaveThresholdDays" label={t('config.leaveThresholdDays')} testId="config-leave-threshold-days" type="number" min={0} max={365} step="0.5" required disabled={!canEdit} />
        <FormText control={control} name="reminderDelayMinutes" label={t('config.reminderDelayMinutes')} testId="config-reminder-delay-minutes" type="number" min={1} max={43200} required disabled={!canEdit} />
      </Form.Group>

      {canEdit ? (
        <div className="sf-form-actions">
          <Button primary type="submit" loading={formState.isSubmitting} disabled={formState.isSubmitting} data-testid="config-save">
            <Icon name="save" /> {t('admin.save')}
          </Button>
        </div>
      ) : null}
    </Form>
  );
}

/** The default theme: one swatch per theme, the chosen one checked. */
function ThemeChoice<O>({ control, disabled }: { control: Control<Draft, unknown, O>; disabled: boolean }) {
  const { t, tv } = useT();
  return (
    <Controller
      control={control}
      name="themeDefault"
      render={({ field, fieldState }) => {
        const message = firstError(fieldState.error);
        return (
          <Form.Field error={Boolean(message)}>
            <label>{t('config.themeDefault')}</label>
            <div className="sf-theme-grid sf-config-themes" data-testid="config-theme" data-theme={field.value}>
              {THEMES.map((th) => (
                <button
                  key={th.key}
                  type="button"
                  className={`sf-theme-option ${field.value === th.className ? 'active' : ''}`}
                  disabled={disabled}
                  aria-pressed={field.value === th.className}
                  onClick={() => field.onChange(th.className)}
                  data-testid={`config-theme-${th.key}`}
                >
                  <span className="sf-theme-swatch" style={{ background: th.color }}>
                    {field.value === th.className ? <Icon name="check" inverted /> : null}
                  </span>
                  <span className="sf-theme-name">{t(`theme.${th.key}`)}</span>
                </button>
              ))}
            </div>
            {message ? <div className="sf-field-error">{tv(message)}</div> : null}
          </Form.Field>
        );
      }}
    />
  );
}
