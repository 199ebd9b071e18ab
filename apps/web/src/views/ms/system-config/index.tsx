import { useEffect, useState } from 'react';
import { Button, Form, Header, Icon, Label, Segment } from 'semantic-ui-react';
import { AdminPath, Permission, THEMES, systemConfigSchema, type SystemConfig } from '@schoolflow/contracts';
import { useAuthorized } from '../../../components/authorized.js';
import { LabelledField, TextField } from '../../../components/form-field.js';
import { CardHead, RefreshButton } from '../../../components/list-page.js';
import { loadAppConfig } from '../../../config/load-app-config.js';
import { useT } from '../../../i18n/use-t.js';
import type { ViewProps } from '../../../router/view-props.js';
import { TextAreaField, validate, type FieldErrors } from '../admin-kit.js';
import { runAction, useSystemConfig } from '../use-admin-lists.js';
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

/** System configuration (ms/systemConfig): titles, logo, default theme, password policy, business parameters. */
export default function SystemConfigView({ active }: ViewProps) {
  const { t } = useT();
  const canEdit = useAuthorized({ all: [Permission.configEdit] });
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [trial, setTrial] = useState('');

  const { config, loadedAt, loading, reload } = useSystemConfig(active);
  // each read that worked replaces the form's values (unsaved edits too, as Refresh promises)
  useEffect(() => {
    if (!config) return;
    setDraft(fromConfig(config));
    setErrors({});
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loadedAt, not the config object: a read of the same values resets the form too
  }, [loadedAt]);

  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const setLoc = (k: Localised, lang: 'zh' | 'en', v: string) => setDraft((d) => ({ ...d, [k]: { ...d[k], [lang]: v } }));
  const rule = compile(draft.pwdRule);

  const save = async () => {
    const trimmed = {
      ...draft,
      logoUrl: draft.logoUrl.trim(),
      loginTitle: { zh: draft.loginTitle.zh.trim(), en: draft.loginTitle.en.trim() },
      title: { zh: draft.title.zh.trim(), en: draft.title.en.trim() },
      leaveThresholdDays: draft.leaveThresholdDays.trim() === '' ? undefined : draft.leaveThresholdDays,
      reminderDelayMinutes: draft.reminderDelayMinutes.trim() === '' ? undefined : draft.reminderDelayMinutes,
    };
    const v = validate(systemConfigSchema, trimmed);
    const errs: FieldErrors = { ...(v.errors ?? {}) };
    if (draft.pwdRule && !rule) errs.pwdRule = t('config.pwdRuleInvalid');
    if (Object.keys(errs).length > 0 || !v.data) return setErrors(errs);
    setErrors({});
    setSaving(true);
    const r = await runAction(AdminPath.configSave, v.data, t('config.saved'));
    setSaving(false);
    if (r.ok) {
      reload();
      void loadAppConfig(); // titles in the shell follow the new values
    }
  };

  const loc = (k: Localised, label: string, max: number, area = false) => (
    <Form.Group widths="equal">
      {(['zh', 'en'] as const).map((lang) =>
        area ? (
          <TextAreaField key={lang} label={`${label} (${t(`config.${lang}`)})`} testId={`config-${k}-${lang}`} rows={2} maxLength={max} disabled={!canEdit} value={draft[k][lang]} error={errors[`${k}.${lang}`]} onValue={(v) => setLoc(k, lang, v)} />
        ) : (
          <TextField key={lang} label={`${label} (${t(`config.${lang}`)})`} testId={`config-${k}-${lang}`} maxLength={max} disabled={!canEdit} value={draft[k][lang]} error={errors[`${k}.${lang}`]} onValue={(v) => setLoc(k, lang, v)} />
        ),
      )}
    </Form.Group>
  );

  return (
    <div className="sf-page sf-admin" data-testid="config-view">
      <Segment className="sf-card" loading={loading}>
        <CardHead icon="setting" title={t('config.title')} toolsClass={null} tools={<RefreshButton onClick={reload} testId="config-refresh" />} />
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
            <LabelledField label={t('config.logoUrl')} htmlFor="config-logo-url" testId="config-logo-url" error={errors.logoUrl} hint={t('config.logoHint')}>
              <div className="ui fluid input">
                <input id="config-logo-url" value={draft.logoUrl} maxLength={500} disabled={!canEdit} placeholder="/logo.png" data-testid="config-logo-url" onChange={(e) => set('logoUrl', e.target.value)} />
              </div>
            </LabelledField>
            <Form.Field>
              <label>&nbsp;</label>
              {draft.logoUrl && !errors.logoUrl ? <img className="sf-logo-preview" src={draft.logoUrl.trim()} alt="" data-testid="config-logo-preview" /> : null}
            </Form.Field>
          </Form.Group>
          <Form.Field error={Boolean(errors.themeDefault)}>
            <label>{t('config.themeDefault')}</label>
            <div className="sf-theme-grid sf-config-themes" data-testid="config-theme" data-theme={draft.themeDefault}>
              {THEMES.map((th) => (
                <button
                  key={th.key}
                  type="button"
                  className={`sf-theme-option ${draft.themeDefault === th.className ? 'active' : ''}`}
                  disabled={!canEdit}
                  aria-pressed={draft.themeDefault === th.className}
                  onClick={() => set('themeDefault', th.className)}
                  data-testid={`config-theme-${th.key}`}
                >
                  <span className="sf-theme-swatch" style={{ background: th.color }}>
                    {draft.themeDefault === th.className ? <Icon name="check" inverted /> : null}
                  </span>
                  <span className="sf-theme-name">{t(`theme.${th.key}`)}</span>
                </button>
              ))}
            </div>
            {errors.themeDefault ? <div className="sf-field-error">{errors.themeDefault}</div> : null}
          </Form.Field>

          <Header as="h4" dividing>
            {t('config.sectionPassword')}
          </Header>
          <TextField label={t('config.pwdRule')} testId="config-pwd-rule" required maxLength={300} disabled={!canEdit} value={draft.pwdRule} error={errors.pwdRule ?? (draft.pwdRule && !rule ? t('config.pwdRuleInvalid') : undefined)} onValue={(v) => set('pwdRule', v)} spellCheck={false} />
          {loc('pwdDescription', t('config.pwdDescription'), 200, true)}
          <Form.Field>
            <label htmlFor="config-pwd-test">{t('config.pwdTest')}</label>
            <div className="ui fluid right labeled input">
              <input id="config-pwd-test" value={trial} placeholder={t('config.pwdTestPlaceholder')} maxLength={50} autoComplete="off" data-testid="config-pwd-test" onChange={(e) => setTrial(e.target.value)} />
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
            <TextField label={t('config.leaveThresholdDays')} testId="config-leave-threshold-days" type="number" min={0} max={365} step="0.5" required disabled={!canEdit} value={draft.leaveThresholdDays} error={errors.leaveThresholdDays} onValue={(v) => set('leaveThresholdDays', v)} />
            <TextField label={t('config.reminderDelayMinutes')} testId="config-reminder-delay-minutes" type="number" min={1} max={43200} required disabled={!canEdit} value={draft.reminderDelayMinutes} error={errors.reminderDelayMinutes} onValue={(v) => set('reminderDelayMinutes', v)} />
          </Form.Group>

          {canEdit ? (
            <div className="sf-form-actions">
              <Button primary type="submit" loading={saving} disabled={saving} data-testid="config-save">
                <Icon name="save" /> {t('admin.save')}
              </Button>
            </div>
          ) : null}
        </Form>
      </Segment>
      <RequestEncryptionSwitch active={active} />
    </div>
  );
}
