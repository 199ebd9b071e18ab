import { RecoverPasswordPage } from './recover-password-page.js';

/** /qt_app/zhmm: the same recovery, laid out for a phone. */
export default function RecoverPasswordPhone() {
  return <RecoverPasswordPage compact />;
}
