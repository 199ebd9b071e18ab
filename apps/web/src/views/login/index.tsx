import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Form, Icon, Message } from 'semantic-ui-react';
import {
  ACCOUNT_MAX,
  ApiPath,
  LOGIN_RESULT_FLAG_KEY,
  PASSWORD_MAX,
  loginSchema,
  type LoginResult,
} from '@schoolflow/contracts';
import { errorMessage, requestData } from '../../api/http.js';
import { useAppConfig } from '../../config/app-config.js';
import { useT } from '../../i18n/use-t.js';
import { LangSwitch } from '../../components/lang-switch.js';
import { TextField } from '../../components/form-field.js';
import { redirectToIds } from '../../session/ids.js';
import { clearPasswordChange, requirePasswordChange } from '../../session/must-change-password.js';
import { getToken, setToken, setTokenHeader } from '../../session/token.js';
import { safeRedirect } from '../../router/redirect.js';

type Field = 'username' | 'password';
type Errors = Partial<Record<Field, string>>;

function validate(values: Record<Field, string>): Errors {
  const parsed = loginSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'username' || field === 'password') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

function setLoginFlag(failed: boolean): void {
  try {
    window.localStorage.setItem(LOGIN_RESULT_FLAG_KEY, failed ? '1' : '0');
  } catch {
    // storage disabled: the flag is advisory only
  }
}

/** Sign-in page (docs/product/shell-and-sign-in.md#sign-in). */
export default function LoginPage() {
  const { t, tv } = useT();
  const config = useAppConfig();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [values, setValues] = useState<Record<Field, string>>({ username: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const target = safeRedirect(params.get('redirect'));

  useEffect(() => {
    document.title = config.TITLE || config.LOGIN_TITLE || t('app.name');
  }, [config.TITLE, config.LOGIN_TITLE, t]);

  if (getToken()) return <Navigate to="/dashboard" replace />;

  const change = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    setServerError(null);
    if (submitted) setErrors(validate(next));
  };

  const submit = async () => {
    setSubmitted(true);
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setServerError(null);
    try {
      const data = await requestData<LoginResult>(ApiPath.login, {
        form: { username: values.username.trim(), password: values.password },
        silentExpiry: true,
      });
      if (!data?.token) throw new Error(t('http.requestFailed'));
      if (data.headerName) setTokenHeader(data.headerName);
      setToken(data.token);
      // An initial password: the shell asks for a new one (blocking) before it loads anything.
      if (data.mustChangePassword === true) requirePasswordChange(values.username.trim());
      else clearPasswordChange();
      setLoginFlag(false);
      void navigate(target, { replace: true });
    } catch (err) {
      setLoginFlag(true);
      setServerError(errorMessage(err));
      setBusy(false);
    }
  };

  const title = config.LOGIN_TITLE || t('app.name');
  const ids = config.LOGIN_TYPE === 'IDS';

  return (
    <div className="sf-login" data-testid="login-page">
      <div className="sf-login-top">
        <LangSwitch />
      </div>
      <div className="sf-login-main">
        <section className="sf-login-hero" aria-hidden>
          <div className="sf-login-hero-inner">
            <Icon name="graduation cap" size="huge" />
            <h2>{title}</h2>
            <p>{t('login.subtitle')}</p>
          </div>
        </section>
        <section className="sf-login-card">
          <div className="sf-login-brand">
            {config.LOGO_URL ? <img src={config.LOGO_URL} alt="" className="sf-login-logo" /> : <Icon name="graduation cap" circular inverted className="sf-login-logo-icon" />}
            <h1 data-testid="login-title">{title}</h1>
          </div>
          <p className="sf-login-welcome">{t('login.welcome')}</p>
          {ids ? (
            <div className="sf-login-ids">
              <p>{t('login.idsHint')}</p>
              <Button primary fluid size="large" onClick={() => redirectToIds(`${window.location.origin}${target}`)} data-testid="login-ids">
                {t('login.idsButton')}
              </Button>
            </div>
          ) : (
            <Form onSubmit={() => void submit()} noValidate data-testid="login-form">
              <TextField
                id="login-username"
                name="username"
                autoComplete="username"
                icon="user"
                label={t('login.username')}
                placeholder={t('login.usernamePlaceholder')}
                maxLength={ACCOUNT_MAX + 10}
                testId="login-username"
                value={values.username}
                error={errors.username ? tv(errors.username) : undefined}
                onValue={(v) => change('username', v)}
              />
              <TextField
                id="login-password"
                name="password"
                type="password"
                autoComplete="current-password"
                icon="lock"
                label={t('login.password')}
                placeholder={t('login.passwordPlaceholder')}
                maxLength={PASSWORD_MAX + 10}
                testId="login-password"
                value={values.password}
                error={errors.password ? tv(errors.password) : undefined}
                onValue={(v) => change('password', v)}
              />
              {serverError ? (
                <Message negative size="small" data-testid="login-error">
                  <Icon name="times circle" /> {serverError}
                </Message>
              ) : null}
              <Button primary fluid size="large" type="submit" loading={busy} disabled={busy} data-testid="login-submit">
                {t('login.submit')}
              </Button>
            </Form>
          )}
        </section>
      </div>
      <footer className="sf-login-footer" data-testid="login-footer">
        {config.LOGIN_FOOTER}
      </footer>
    </div>
  );
}
