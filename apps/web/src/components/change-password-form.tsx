import { zodResolver } from '@hookform/resolvers/zod';
import { type ComponentProps, useId, useMemo } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { Button, Form, Message } from 'semantic-ui-react';
import { PASSWORD_MAX } from '@schoolflow/contracts';
import { errorMessage, isCancelled, reportError } from '../api/http.js';
import { useAppConfig } from '../config/app-config.js';
import { useT } from '../i18n/use-t.js';
import { useReadySession } from '../session/session-store.js';
import { toast } from '../util/toast.js';
import { TextField } from './form-field.js';
import { PASSWORD_FIELDS, passwordFormSchema, type PasswordField, type PasswordValues } from './password-rules.js';
import { useChangePassword, usePwdStrategy } from './use-change-password.js';

const EMPTY: PasswordValues = { oldPassword: '', pass: '', checkPass: '' };

interface Props {
  /** Called after the server accepted the change. */
  onSuccess?: () => void;
  /** Shows a cancel button when given. */
  onCancel?: () => void;
  /** The account whose password changes; the signed-in user's by default (the forced change runs before permissions load). */
  account?: string;
}

/** The password change form, used by the user-menu modal and inline on the account security page. */
export function ChangePasswordForm({ onSuccess, onCancel, account }: Props) {
  // The form can be on screen twice (account page and user-menu panel): ids must be unique per instance.
  const uid = useId();
  const { t, tv, lang } = useT();
  const config = useAppConfig();
  const session = useReadySession();
  const { strategy, error: strategyFailure } = usePwdStrategy(lang);
  const strategyError = strategyFailure && !isCancelled(strategyFailure) ? errorMessage(strategyFailure) : null;
  const change = useChangePassword(config.PWD_HASH_PREFIX);
  // the resolver checks with the strategy as it now is (it may come after the form is shown): useForm takes the
  // resolver of the latest render
  const resolver = useMemo<Resolver<PasswordValues, unknown, PasswordValues>>(() => zodResolver(passwordFormSchema(strategy)), [strategy]);
  // Validate while typing (not on blur: a message appearing on blur shifts the buttons under the pointer).
  const { control, handleSubmit, getValues, setValue, trigger, reset, setError, clearErrors, formState } = useForm<PasswordValues, unknown, PasswordValues>({ defaultValues: EMPTY, resolver, mode: 'onChange' });
  // What the last submit found wrong (every field's message), or the server's refusal: the form's root errors, which
  // the next submit clears, and typing too.
  const rootError = formState.errors.root;
  const formError = rootError?.server?.message
    ? [rootError.server.message]
    : rootError?.invalid
      ? PASSWORD_FIELDS.flatMap((f) => {
          const m = formState.errors[f]?.message;
          return m ? [m] : [];
        })
      : null;

  const submit = async () => {
    // the values are compared trimmed, and shown as they are compared
    for (const f of PASSWORD_FIELDS) setValue(f, getValues(f).trim());
    await handleSubmit(
      async (trimmed) => {
        const userId = account ?? session?.info.userInfo.userId;
        if (!userId) return;
        try {
          toast.success(await change.mutateAsync({ userId, oldPassword: trimmed.oldPassword, pass: trimmed.pass }));
          reset(EMPTY);
          onSuccess?.();
        } catch (err) {
          if (isCancelled(err)) return;
          reportError(err);
          setError('root.server', { message: errorMessage(err) });
        }
      },
      () => setError('root.invalid', { type: 'invalid' }),
    )();
  };

  const shown = (f: PasswordField) => {
    const e = formState.errors[f]?.message;
    return e ? tv(e) : undefined;
  };
  const field = (f: PasswordField, props: Omit<ComponentProps<typeof TextField>, 'value' | 'error' | 'onValue'>) => (
    <Controller
      name={f}
      control={control}
      render={({ field: input }) => (
        <TextField
          {...props}
          value={input.value}
          error={shown(f)}
          onValue={(v) => {
            clearErrors('root');
            input.onChange(v);
            // Changing the new password re-validates the confirmation (docs/product/shell-and-sign-in.md#password-change).
            if (f === 'pass' && getValues('checkPass') !== '') void trigger('checkPass');
          }}
        />
      )}
    />
  );

  return (
    <Form onSubmit={() => void submit()} noValidate className="sf-pwd-form" data-testid="pwd-form">
      {strategyError ? (
        <Message warning size="small" data-testid="pwd-strategy-error">
          {t('password.strategyFailed', { msg: strategyError })}
        </Message>
      ) : null}
      {field('oldPassword', {
        id: `${uid}-pwd-old`,
        type: 'password',
        autoComplete: 'current-password',
        required: true,
        label: t('password.old'),
        placeholder: t('password.oldPlaceholder'),
        maxLength: PASSWORD_MAX + 20,
        testId: 'pwd-old',
      })}
      {field('pass', {
        id: `${uid}-pwd-new`,
        type: 'password',
        autoComplete: 'new-password',
        required: true,
        label: t('password.new'),
        placeholder: t('password.newPlaceholder'),
        testId: 'pwd-new',
      })}
      {strategy?.description && !formState.errors.pass ? (
        <p className="sf-hint" data-testid="pwd-strategy">
          {strategy.description}
        </p>
      ) : null}
      {field('checkPass', {
        id: `${uid}-pwd-confirm`,
        type: 'password',
        autoComplete: 'new-password',
        required: true,
        label: t('password.confirm'),
        placeholder: t('password.confirmPlaceholder'),
        testId: 'pwd-confirm',
      })}
      {formError ? (
        <Message negative size="small" data-testid="pwd-error">
          <Message.Header>{t('password.failedTitle')}</Message.Header>
          {formError.length === 1 ? <p>{tv(formError[0] ?? '')}</p> : <Message.List items={formError.map((m) => tv(m))} />}
        </Message>
      ) : null}
      <div className="sf-form-actions">
        {onCancel ? (
          <Button type="button" onClick={onCancel} data-testid="pwd-cancel">
            {t('password.cancel')}
          </Button>
        ) : null}
        <Button primary type="submit" loading={change.isPending} disabled={change.isPending} data-testid="pwd-submit">
          {t('password.submit')}
        </Button>
      </div>
    </Form>
  );
}
