import { useEffect, useId, useRef, useState } from 'react';
import { Button, Form, Message } from 'semantic-ui-react';
import { ApiPath, PASSWORD_MAX, legacyPasswordDigest, utf8ToBase64, type PwdStrategy } from '@schoolflow/contracts';
import { errorMessage, isCancelled, reportError, request, requestData } from '../api/http.js';
import { useAppConfig } from '../config/app-config.js';
import { useT } from '../i18n/use-t.js';
import { useReadySession } from '../session/session-store.js';
import { toast } from '../util/toast.js';
import { TextField } from './form-field.js';
import { validatePasswordField, type PasswordField } from './password-rules.js';

type Values = Record<PasswordField, string>;
type Errors = Partial<Record<PasswordField, string>>;
type Field = PasswordField;
const FIELDS: readonly Field[] = ['oldPassword', 'pass', 'checkPass'];
const EMPTY: Values = { oldPassword: '', pass: '', checkPass: '' };

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
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [strategy, setStrategy] = useState<PwdStrategy | null>(null);
  const [strategyError, setStrategyError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string[] | null>(null);
  const alive = useRef(true);

  // Loaded again on a language switch: the description comes back in the request language.
  useEffect(() => {
    alive.current = true;
    const ctrl = new AbortController();
    requestData<PwdStrategy>(ApiPath.getPwdStrategy, { method: 'POST', signal: ctrl.signal })
      .then((s) => {
        if (s && typeof s.rule === 'string') setStrategy({ rule: s.rule, description: s.description ?? '' });
      })
      .catch((err: unknown) => {
        if (!isCancelled(err)) setStrategyError(errorMessage(err));
      });
    return () => {
      alive.current = false;
      ctrl.abort();
    };
  }, [lang]);

  const change = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    setFormError(null);
    setErrors((prev) => {
      const out: Errors = { ...prev };
      // Validate while typing (not on blur: a message appearing on blur shifts the buttons under the pointer).
      out[field] = validatePasswordField(field, next, strategy);
      // Changing the new password re-validates the confirmation (docs/product/shell-and-sign-in.md#password-change).
      if (field === 'pass' && next.checkPass !== '') out.checkPass = validatePasswordField('checkPass', next, strategy);
      return out;
    });
  };

  const submit = async () => {
    const trimmed: Values = {
      oldPassword: values.oldPassword.trim(),
      pass: values.pass.trim(),
      checkPass: values.checkPass.trim(),
    };
    setValues(trimmed);
    const found: Errors = {};
    for (const f of FIELDS) found[f] = validatePasswordField(f, trimmed, strategy);
    setErrors(found);
    const messages = FIELDS.flatMap((f) => (found[f] ? [found[f]] : []));
    if (messages.length > 0) {
      setFormError(messages);
      return;
    }
    const userId = account ?? session?.info.userInfo.userId;
    if (!userId) return;
    const prefix = config.PWD_HASH_PREFIX;
    setSubmitting(true);
    setFormError(null);
    try {
      const env = await request<unknown>(ApiPath.updatePwd, {
        form: {
          username: userId,
          newPassword: utf8ToBase64(trimmed.pass),
          oldPassword: await legacyPasswordDigest(prefix, userId, trimmed.oldPassword),
          sign: await legacyPasswordDigest(prefix, userId, trimmed.pass),
        },
      });
      toast.success(env.msg);
      if (!alive.current) return;
      setValues(EMPTY);
      setErrors({});
      onSuccess?.();
    } catch (err) {
      if (isCancelled(err)) return;
      reportError(err);
      if (alive.current) setFormError([errorMessage(err)]);
    } finally {
      if (alive.current) setSubmitting(false);
    }
  };

  const shown = (f: Field) => {
    const e = errors[f];
    return e ? tv(e) : undefined;
  };

  return (
    <Form onSubmit={() => void submit()} noValidate className="sf-pwd-form" data-testid="pwd-form">
      {strategyError ? (
        <Message warning size="small" data-testid="pwd-strategy-error">
          {t('password.strategyFailed', { msg: strategyError })}
        </Message>
      ) : null}
      <TextField
        id={`${uid}-pwd-old`}
        type="password"
        autoComplete="current-password"
        required
        label={t('password.old')}
        placeholder={t('password.oldPlaceholder')}
        maxLength={PASSWORD_MAX + 20}
        testId="pwd-old"
        value={values.oldPassword}
        error={shown('oldPassword')}
        onValue={(v) => change('oldPassword', v)}
      />
      <TextField
        id={`${uid}-pwd-new`}
        type="password"
        autoComplete="new-password"
        required
        label={t('password.new')}
        placeholder={t('password.newPlaceholder')}
        testId="pwd-new"
        value={values.pass}
        error={shown('pass')}
        onValue={(v) => change('pass', v)}
      />
      {strategy?.description && !errors.pass ? (
        <p className="sf-hint" data-testid="pwd-strategy">
          {strategy.description}
        </p>
      ) : null}
      <TextField
        id={`${uid}-pwd-confirm`}
        type="password"
        autoComplete="new-password"
        required
        label={t('password.confirm')}
        placeholder={t('password.confirmPlaceholder')}
        testId="pwd-confirm"
        value={values.checkPass}
        error={shown('checkPass')}
        onValue={(v) => change('checkPass', v)}
      />
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
        <Button primary type="submit" loading={submitting} disabled={submitting} data-testid="pwd-submit">
          {t('password.submit')}
        </Button>
      </div>
    </Form>
  );
}
