import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { LOGIN_RESULT_FLAG_KEY, type IdsCheckInput } from '@schoolflow/contracts';
import { errorMessage } from '../../api/http.js';
import { PageLoader } from '../../components/page-loader.js';
import { useT } from '../../i18n/use-t.js';
import { safeRedirect } from '../../router/redirect.js';
import { rememberIdsRefusal } from '../../session/ids.js';
import { clearPasswordChange } from '../../session/must-change-password.js';
import { clearLocalSession } from '../../session/session-store.js';
import { setToken, setTokenHeader } from '../../session/token.js';
import { useIdsCheck } from './use-ids-check.js';

function setLoginFlag(failed: boolean): void {
  try {
    window.localStorage.setItem(LOGIN_RESULT_FLAG_KEY, failed ? '1' : '0');
  } catch {
    // storage disabled: the flag is advisory only
  }
}

/** The provider's answer as the landing address carries it (the server's callback passed it on). */
function answerOf(params: URLSearchParams): IdsCheckInput {
  const input: IdsCheckInput = { state: params.get('state') ?? '' };
  for (const field of ['code', 'iss', 'error'] as const) {
    const value = params.get(field);
    if (value) input[field] = value;
  }
  return input;
}

/**
 * Single sign-on's landing page (public, docs/product/single-sign-on.md): posts the provider's code or ticket to the
 * check, keeps the token and the header name as the sign-in page does, and goes where the user was. A refusal clears
 * the session and shows the no-permission page with the server's message.
 */
export default function SsoCallbackPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const check = useIdsCheck(t('http.requestFailed'));
  const sent = useRef(false);

  useEffect(() => {
    // once: a code is good for one exchange, and the page may render again before it leaves
    if (sent.current) return;
    sent.current = true;
    const target = safeRedirect(params.get('redirect'));
    check.mutateAsync(answerOf(params)).then(
      (data) => {
        if (data.headerName) setTokenHeader(data.headerName);
        setToken(data.token);
        clearPasswordChange();
        setLoginFlag(false);
        void navigate(target, { replace: true });
      },
      (err: unknown) => {
        clearLocalSession();
        setLoginFlag(true);
        rememberIdsRefusal(errorMessage(err));
        void navigate('/no-permission', { replace: true });
      },
    );
  }, [check, navigate, params]);

  return <PageLoader text={t('session.idsChecking')} />;
}
