import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Button, Form, Icon, Message } from 'semantic-ui-react';
import { ACCOUNT_MAX, ID_NUMBER_MAX, PASSWORD_MAX } from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { LangSwitch } from '../components/lang-switch.js';
import { TextField } from '../components/form-field.js';
import { useT } from '../i18n/use-t.js';
import { emptyRecoveryForm, type RecoveryForm, type RecoveryFormParsed, recoveryBody, recoveryResolver } from './recovery-form-model.js';
import { useResetPassword } from './use-reset-password.js';
import './password-recovery.css';

type Field = keyof RecoveryForm;

/**
 * 找回密码 without signing in (docs/product/shell-and-sign-in.md#password-recovery): /RePassword on a desktop,
 * /qt_app/zhmm phone-sized (`compact`). The account, the ID number and the mobile on record prove who one is; every
 * mismatch gets the server's one message.
 */
export function RecoverPasswordPage({ compact = false }: { compact?: boolean }) {
  const { t, tv } = useT();
  const reset = useResetPassword();
  const { control, handleSubmit, formState } = useForm<RecoveryForm, unknown, RecoveryFormParsed>({ defaultValues: emptyRecoveryForm, resolver: recoveryResolver, mode: 'onSubmit', reValidateMode: 'onChange' });

  useEffect(() => {
    document.title = t('recovery.title');
  }, [t]);

  const submit = handleSubmit((v) => reset.mutateAsync(recoveryBody(v)).catch(() => undefined));
  const errorOf = (f: Field) => {
    const m = formState.errors[f]?.message;
    return m ? tv(m) : undefined;
  };
  const field = (name: Field, icon: string, type: 'text' | 'password' | 'tel', max: number, autoComplete: string) => (
    <Controller
      name={name}
      control={control}
      render={({ field: f }) => (
        <TextField
          id={`recovery-${name}`}
          name={name}
          type={type}
          autoComplete={autoComplete}
          icon={icon}
          label={t(`recovery.${name}`)}
          placeholder={t(`recovery.${name}Placeholder`)}
          maxLength={max}
          testId={`recovery-${name}`}
          value={f.value}
          error={errorOf(name)}
          onValue={(v) => {
            reset.reset();
            f.onChange(v);
          }}
        />
      )}
    />
  );

  return (
    <div className={`sf-recovery ${compact ? 'sf-recovery-compact' : ''}`} data-testid="recovery-page">
      <div className="sf-recovery-top">
        <LangSwitch />
      </div>
      <section className="sf-recovery-card">
        <h1 data-testid="recovery-title">
          <Icon name="key" /> {t('recovery.title')}
        </h1>
        <p className="sf-hint">{t('recovery.hint')}</p>
        {reset.isSuccess ? (
          <Message positive data-testid="recovery-done">
            <Icon name="check circle" /> {reset.data}
          </Message>
        ) : (
          <Form onSubmit={() => void submit()} noValidate data-testid="recovery-form">
            {field('account', 'user', 'text', ACCOUNT_MAX + 10, 'username')}
            {field('idNumber', 'id card', 'text', ID_NUMBER_MAX + 10, 'off')}
            {field('mobile', 'mobile alternate', 'tel', 30, 'tel')}
            {field('newPassword', 'lock', 'password', PASSWORD_MAX + 10, 'new-password')}
            {field('confirmPassword', 'lock', 'password', PASSWORD_MAX + 10, 'new-password')}
            {reset.isError ? (
              <Message negative size="small" data-testid="recovery-error">
                <Icon name="times circle" /> {errorMessage(reset.error)}
              </Message>
            ) : null}
            <Button primary fluid size="large" type="submit" loading={reset.isPending} disabled={reset.isPending} data-testid="recovery-submit">
              {t('recovery.submit')}
            </Button>
          </Form>
        )}
        <p className="sf-recovery-back">
          <Link to="/login" data-testid="recovery-login">
            <Icon name="arrow left" /> {t('recovery.backToLogin')}
          </Link>
        </p>
      </section>
    </div>
  );
}

/** /RePassword: the desktop page. */
export default function RecoverPasswordDesktop() {
  return <RecoverPasswordPage />;
}
