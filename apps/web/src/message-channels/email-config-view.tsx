import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { Button, Checkbox, Form, Segment } from 'semantic-ui-react';
import { smtpSettingsSchema } from '@schoolflow/contracts';
import type { z } from 'zod';
import { reportError } from '../api/http.js';
import { FieldError } from '../components/form-field.js';
import { CardHead } from '../components/list-page.js';
import type { ViewProps } from '../router/view-props.js';
import { toast } from '../util/toast.js';
import { useChannelsConfig } from './use-channels-config.js';
import { useChannelsT } from './use-channels-t.js';
import { useSaveChannels } from './use-save-channels.js';

type SmtpInput = z.input<typeof smtpSettingsSchema>;
type Smtp = z.output<typeof smtpSettingsSchema>;
const TEXT_FIELDS = ['host', 'port', 'user', 'from'] as const;

/** 邮件配置 (messageCenter/yjpz): the SMTP server mails go through; the password is only ever written, never shown. */
export default function EmailConfigView({ active }: ViewProps) {
  const { c, tv } = useChannelsT();
  const config = useChannelsConfig(active);
  const save = useSaveChannels();
  const smtp = config.data?.smtp;
  // the form follows the saved settings, the password never shown (react-hook-form's `values`: reset whenever they are read again)
  const values = useMemo(() => (smtp ? { enabled: smtp.enabled, host: smtp.host, port: smtp.port, secure: smtp.secure, user: smtp.user, password: '', from: smtp.from } : undefined), [smtp]);
  const form = useForm<SmtpInput, unknown, Smtp>({ resolver: zodResolver(smtpSettingsSchema), defaultValues: { enabled: false, host: '', port: 25, secure: false, user: '', password: '', from: '' }, values });
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (body) => {
    try {
      toast.success(await save.mutateAsync({ smtp: { ...body, password: body.password || undefined } }));
    } catch (err) {
      reportError(err);
    }
  });

  return (
    <div className="sf-page" data-testid="channels-email">
      <Segment className="sf-card" loading={config.isLoading}>
        <CardHead icon="mail outline" title={c('page.email')} />
        <Form noValidate onSubmit={(e) => void submit(e)} data-testid="email-form" className="sf-narrow-form">
          <Form.Field>
            <Controller control={form.control} name="enabled" render={({ field }) => <Checkbox toggle label={c('email.enabled')} checked={field.value} onChange={(_, d) => field.onChange(Boolean(d.checked))} data-testid="email-enabled" />} />
          </Form.Field>
          {TEXT_FIELDS.map((name) => (
            <Form.Field key={name} error={Boolean(errors[name])}>
              <label htmlFor={`email-${name}`}>{c(`email.${name}`)}</label>
              <input id={`email-${name}`} type={name === 'port' ? 'number' : 'text'} {...form.register(name)} data-testid={`email-${name}`} />
              <FieldError testId={`email-${name}`} error={errors[name]?.message ? tv(errors[name]?.message ?? '') : undefined} />
            </Form.Field>
          ))}
          <Form.Field>
            <Controller control={form.control} name="secure" render={({ field }) => <Checkbox label={c('email.secure')} checked={field.value} onChange={(_, d) => field.onChange(Boolean(d.checked))} data-testid="email-secure" />} />
          </Form.Field>
          <Form.Field>
            <label htmlFor="email-password">{c('email.password')}</label>
            <input id="email-password" type="password" autoComplete="new-password" placeholder={smtp?.hasPassword ? c('email.passwordKept') : ''} {...form.register('password')} data-testid="email-password" />
          </Form.Field>
          <Button primary type="submit" loading={save.isPending} disabled={save.isPending} data-testid="email-save">
            {c('email.save')}
          </Button>
        </Form>
      </Segment>
    </div>
  );
}
