import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { Icon, Message } from 'semantic-ui-react';
import {
  ACCOUNT_MAX,
  LOGIN_RESULT_FLAG_KEY,
  PASSWORD_MAX,
  type LoginInput,
} from '@schoolflow/contracts';
import { errorMessage } from '../../api/http.js';
import { useAppConfig } from '../../config/app-config.js';
import { useT } from '../../i18n/use-t.js';
import { LangSwitch } from '../../components/lang-switch.js';
import { lazyResolver } from '../../components/lazy-resolver.js';
import { TextField } from '../../components/form-field.js';
import { redirectToIds } from '../../session/ids.js';
import { clearPasswordChange, requirePasswordChange } from '../../session/must-change-password.js';
import { getToken, setToken, setTokenHeader } from '../../session/token.js';
import { safeRedirect } from '../../router/redirect.js';
import { useLogin } from './use-login.js';

function setLoginFlag(failed: boolean): void {
  try {
    window.localStorage.setItem(LOGIN_RESULT_FLAG_KEY, failed ? '1' : '0');
  } catch {
    // storage disabled: the flag is advisory only
  }
}

/** The shared login schema, loaded with the first submit: zod stays off the sign-in page's first paint. */
const loginFormResolver = lazyResolver<LoginInput>(() => import('./login-resolver.js').then((m) => m.loginResolver));

/** Sign-in page (docs/product/shell-and-sign-in.md#sign-in). */
export default function LoginPage() {
  const { t, tv } = useT();
  const config = useAppConfig();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Validation fires on submit (the shared schema the server validates with), then follows every change.
  const { control, handleSubmit, formState } = useForm<LoginInput, unknown, LoginInput>({
    defaultValues: { username: '', password: '' },
    resolver: loginFormResolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const login = useLogin(t('http.requestFailed'));
  // signed in: the button stays busy while the app loads
  const busy = login.isPending || login.isSuccess;
  const target = safeRedirect(params.get('redirect'));

  useEffect(() => {
    document.title = config.TITLE || config.LOGIN_TITLE || t('app.name');
  }, [config.TITLE, config.LOGIN_TITLE, t]);

  if (getToken()) return <Navigate to="/dashboard" replace />;

  const submit = handleSubmit((input) =>
    login.mutateAsync(input).then(
      (data) => {
        if (data.headerName) setTokenHeader(data.headerName);
        setToken(data.token);
        // An initial password: the shell asks for a new one (blocking) before it loads anything.
        if (data.mustChangePassword === true) requirePasswordChange(input.username);
        else clearPasswordChange();
        setLoginFlag(false);
        void navigate(target, { replace: true });
      },
      () => setLoginFlag(true),
    ),
  );
  const serverError = login.isError ? errorMessage(login.error) : null;
  // a new try: the last refusal no longer applies
  const typed = (onChange: (value: string) => void) => (value: string) => {
    login.reset();
    onChange(value);
  };
  const errorOf = (field: keyof LoginInput) => {
    const message = formState.errors[field]?.message;
    return message ? tv(message) : undefined;
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
              <button type="button" className="ui primary fluid large button" onClick={() => void redirectToIds(target)} data-testid="login-ids">
                {t('login.idsButton')}
              </button>
            </div>
          ) : (
            // semantic's <form class="ui form"> without its Form component, which brings every control it can render
            // onto this page (docs/adr/0033-sign-in-page-weight.md)
            <form
              className="ui form"
              noValidate
              data-testid="login-form"
              onSubmit={(e) => {
                e.preventDefault();
                void submit();
              }}
            >
              <Controller
                name="username"
                control={control}
                render={({ field }) => (
                  <TextField
                    id="login-username"
                    name="username"
                    autoComplete="username"
                    icon="user"
                    label={t('login.username')}
                    placeholder={t('login.usernamePlaceholder')}
                    maxLength={ACCOUNT_MAX + 10}
                    testId="login-username"
                    value={field.value}
                    error={errorOf('username')}
                    onValue={typed(field.onChange)}
                  />
                )}
              />
              <Controller
                name="password"
                control={control}
                render={({ field }) => (
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
                    value={field.value}
                    error={errorOf('password')}
                    onValue={typed(field.onChange)}
                  />
                )}
              />
              {serverError ? (
                <Message negative size="small" data-testid="login-error">
                  <Icon name="times circle" /> {serverError}
                </Message>
              ) : null}
              {/* semantic's button markup written out: its Button component brings Label (a button may carry one) onto the
                  sign-in page, 8 KB of script it never uses (docs/benchmarks.md#benchsign-in) */}
              <button type="submit" className={`ui primary fluid large button${busy ? ' loading disabled' : ''}`} disabled={busy} data-testid="login-submit">
                {t('login.submit')}
              </button>
              <p className="sf-login-forgot">
                <Link to="/RePassword" data-testid="login-forgot">
                  {t('login.forgot')}
                </Link>
              </p>
            </form>
          )}
        </section>
      </div>
      <footer className="sf-login-footer" data-testid="login-footer">
        {config.LOGIN_FOOTER}
      </footer>
    </div>
  );
}
