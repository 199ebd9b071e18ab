import { type CertificateCheck, formatCertificateCode, formatSchoolTime, normalizeCertificateCode, verifyPage } from '@schoolflow/contracts';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button, Form, Icon, Input, Message, Segment } from 'semantic-ui-react';
import { errorMessage, isCancelled } from '../../api/http.js';
import { workflowApi } from '../../api/workflow-api.js';
import { LangSwitch } from '../../components/lang-switch.js';
import { useT } from '../../i18n/use-t.js';
import { flowLabel } from '../../workflow/labels.js';

type Checked = { kind: 'idle' } | { kind: 'checking' } | { kind: 'done'; result: CertificateCheck } | { kind: 'failed'; message: string };

/**
 * 证明核验 (/verify/:code): anyone holding a certificate — a visa office, a bank — checks its code without signing in
 * (the QR code on the paper opens this page with the code filled in). It shows only what the paper itself shows.
 */
export default function VerifyPage() {
  const { t, tv, lang } = useT();
  const navigate = useNavigate();
  const { code: fromPath = '' } = useParams();
  const [text, setText] = useState(fromPath);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [checked, setChecked] = useState<Checked>({ kind: 'idle' });

  useEffect(() => {
    document.title = t('verify.title');
  }, [t]);

  useEffect(() => {
    setText(fromPath);
    const code = normalizeCertificateCode(fromPath);
    if (!code) {
      setChecked({ kind: 'idle' });
      if (fromPath) setInvalid(tv('validation.certificateCodeInvalid'));
      return;
    }
    setInvalid(null);
    const ac = new AbortController();
    setChecked({ kind: 'checking' });
    workflowApi.verifyCertificate(code, ac.signal).then(
      (result) => setChecked({ kind: 'done', result }),
      (err: unknown) => {
        if (!isCancelled(err)) setChecked({ kind: 'failed', message: errorMessage(err) });
      },
    );
    return () => ac.abort();
  }, [fromPath, tv]);

  const submit = () => {
    const code = normalizeCertificateCode(text);
    if (!code) {
      setInvalid(tv('validation.certificateCodeInvalid'));
      return;
    }
    void navigate(verifyPage(code));
  };

  const result = checked.kind === 'done' ? checked.result : null;
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
              onChange={(_e, d) => {
                setText(String(d.value));
                setInvalid(null);
              }}
              action={<Button primary type="submit" content={t('verify.check')} loading={checked.kind === 'checking'} data-testid="verify-submit" />}
              data-testid="verify-code"
            />
            {invalid ? (
              <div className="sf-field-error" role="alert" data-testid="verify-invalid-code">
                {invalid}
              </div>
            ) : null}
          </Form.Field>
        </Form>
        {checked.kind === 'failed' ? <Message negative content={checked.message} /> : null}
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
                  <dd>{formatCertificateCode(normalizeCertificateCode(fromPath) ?? '')}</dd>
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
