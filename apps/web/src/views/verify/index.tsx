import { formatCertificateCode, formatSchoolTime, normalizeCertificateCode, verifyPage } from '@schoolflow/contracts';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button, Form, Icon, Input, Message, Segment } from 'semantic-ui-react';
import { errorMessage } from '../../api/http.js';
import { LangSwitch } from '../../components/lang-switch.js';
import { useT } from '../../i18n/use-t.js';
import { flowLabel } from '../../workflow/labels.js';
import { useCertificateCheck } from './use-certificate-check.js';

/**
 * 证明核验 (/verify/:code): anyone holding a certificate — a visa office, a bank — checks its code without signing in
 * (the QR code on the paper opens this page with the code filled in). It shows only what the paper itself shows.
 */
export default function VerifyPage() {
  const { t, tv, lang } = useT();
  const navigate = useNavigate();
  const { code: fromPath = '' } = useParams();
  const code = normalizeCertificateCode(fromPath);
  const check = useCertificateCheck(code);
  // The field starts from the address, and again whenever the address changes; a malformed code in the address is
  // marked until one types, a malformed one typed until one types again.
  const fresh = { from: fromPath, text: fromPath, invalid: fromPath !== '' && code === null };
  const [typed, setTyped] = useState(fresh);
  const current = typed.from === fromPath ? typed : fresh;
  const text = current.text;
  const invalid = current.invalid ? tv('validation.certificateCodeInvalid') : null;

  useEffect(() => {
    document.title = t('verify.title');
  }, [t]);

  const submit = () => {
    const next = normalizeCertificateCode(text);
    if (!next) {
      setTyped({ ...current, invalid: true });
      return;
    }
    void navigate(verifyPage(next));
  };

  const result = code !== null && check.data ? check.data : null;
  return (
    <div className="sf-verify" data-testid="verify-page">
      <div className="sf-login-top">
        <LangSwitch />
      </div>
      <Segment className="sf-card sf-verify-card">
        <h2 className="sf-verify-title">
          <Icon name="certificate" /> {t('verify.title')}
        </h2>
        <p className="sf-hint">{t('verify.intro')}</p>
        <Form onSubmit={submit} noValidate>
          <Form.Field error={invalid !== null}>
            <label htmlFor="verify-code">{t('verify.code')}</label>
            <Input
              id="verify-code"
              value={text}
              maxLength={20}
              placeholder={t('verify.placeholder')}
              onChange={(_e, d) => setTyped({ from: fromPath, text: String(d.value), invalid: false })}
              action={<Button primary type="submit" content={t('verify.check')} loading={check.isFetching} data-testid="verify-submit" />}
              data-testid="verify-code"
            />
            {invalid ? (
              <div className="sf-field-error" role="alert" data-testid="verify-invalid-code">
                {invalid}
              </div>
            ) : null}
          </Form.Field>
        </Form>
        {code !== null && check.isError ? <Message negative content={errorMessage(check.error)} /> : null}
        {result?.valid ? (
          <Message positive icon data-testid="verify-valid">
            <Icon name="check circle" />
            <Message.Content>
              <Message.Header>{t('verify.valid')}</Message.Header>
              <dl className="sf-fields sf-verify-fields">
                <div>
                  <dt>{t('verify.flow')}</dt>
                  <dd>{result.flow ? flowLabel(result.flow, lang) : ''}</dd>
                </div>
                <div>
                  <dt>{t('verify.studentName')}</dt>
                  <dd data-testid="verify-student">{result.studentName}</dd>
                </div>
                <div>
                  <dt>{t('verify.studentNo')}</dt>
                  <dd>{result.studentNo}</dd>
                </div>
                <div>
                  <dt>{t('verify.issuedAt')}</dt>
                  <dd>{result.issuedAt ? formatSchoolTime(Date.parse(result.issuedAt)).slice(0, 10) : ''}</dd>
                </div>
                <div>
                  <dt>{t('verify.code')}</dt>
                  <dd>{formatCertificateCode(code ?? '')}</dd>
                </div>
              </dl>
            </Message.Content>
          </Message>
        ) : null}
        {result && !result.valid ? <Message negative icon="warning circle" content={t('verify.invalid')} data-testid="verify-not-found" /> : null}
        <div className="sf-verify-foot">
          <Link to="/login">{t('verify.toLogin')}</Link>
        </div>
      </Segment>
    </div>
  );
}
