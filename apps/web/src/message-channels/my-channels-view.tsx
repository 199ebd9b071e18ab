import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { Button, Checkbox, Form, Label, Message, Segment, Table } from 'semantic-ui-react';
import { type Channel, myChannelsSchema } from '@schoolflow/contracts';
import type { z } from 'zod';
import { reportError } from '../api/http.js';
import { FieldError } from '../components/form-field.js';
import { CardHead } from '../components/list-page.js';
import { useMessageTypes } from '../messages/message-types.js';
import type { ViewProps } from '../router/view-props.js';
import { toast } from '../util/toast.js';
import { useChannelsT } from './use-channels-t.js';
import { useMyChannels } from './use-my-channels.js';
import { useSaveMyChannels } from './use-save-my-channels.js';

type MineInput = z.input<typeof myChannelsSchema>;
type Mine = z.output<typeof myChannelsSchema>;
const optedOut = (list: Mine['optOut'], type: string, channel: Channel) => list.some((o) => o.type === type && o.channel === channel);

/**
 * 我的推送 (messageCenter/tdsz): the caller's e-mail address and, per message type, which of the school's channels for
 * it reach them (a box ticked off is an opt-out). The bell always does.
 */
export default function MyChannelsView({ active }: ViewProps) {
  const { c, tv } = useChannelsT();
  const typeName = useMessageTypes();
  const mine = useMyChannels(active);
  const save = useSaveMyChannels();
  const data = mine.data;
  // the form follows the saved settings (react-hook-form's `values`: reset whenever they are read again)
  const values = useMemo(() => (data ? { email: data.email, optOut: data.optOut } : undefined), [data]);
  const form = useForm<MineInput, unknown, Mine>({ resolver: zodResolver(myChannelsSchema), defaultValues: { email: '', optOut: [] }, values });
  const error = form.formState.errors.email?.message;
  const offered = (data?.push ?? []).filter((p) => p.channels.length > 0);

  const submit = form.handleSubmit(async (body) => {
    try {
      toast.success(await save.mutateAsync(body));
    } catch (err) {
      reportError(err);
    }
  });

  return (
    <div className="sf-page" data-testid="channels-mine">
      <Segment className="sf-card" loading={mine.isLoading}>
        <CardHead icon="sliders horizontal" title={c('page.mine')} />
        <Message info size="small" content={c('mine.intro')} />
        <Form noValidate onSubmit={(e) => void submit(e)} data-testid="mine-form" className="sf-narrow-form">
          <Form.Field error={Boolean(error)}>
            <label htmlFor="mine-email">{c('mine.email')}</label>
            <input id="mine-email" type="email" {...form.register('email')} data-testid="mine-email" />
            <FieldError testId="mine-email" error={error ? tv(error) : undefined} />
          </Form.Field>
          <Form.Field>
            <Label basic color={data?.wechatBound ? 'green' : undefined} icon="wechat" content={data?.wechatBound ? c('mine.wechatBound') : c('mine.wechatUnbound')} data-testid="mine-wechat" />
          </Form.Field>
          <Controller
            control={form.control}
            name="optOut"
            render={({ field }) => (
              <Table celled compact unstackable className="sf-table">
                <Table.Body>
                  {offered.length === 0 ? (
                    <Table.Row>
                      <Table.Cell>{c('mine.none')}</Table.Cell>
                    </Table.Row>
                  ) : (
                    offered.map((p) => (
                      <Table.Row key={p.type} data-testid="mine-row" data-type={p.type}>
                        <Table.Cell>{typeName(p.type)}</Table.Cell>
                        {p.channels.map((ch) => (
                          <Table.Cell key={ch} collapsing>
                            <Checkbox
                              label={c(`channels.${ch}`)}
                              checked={!optedOut(field.value, p.type, ch)}
                              data-testid={`mine-${p.type}-${ch}`}
                              onChange={(_, d) => field.onChange(d.checked ? field.value.filter((o) => !(o.type === p.type && o.channel === ch)) : [...field.value, { type: p.type, channel: ch }])}
                            />
                          </Table.Cell>
                        ))}
                      </Table.Row>
                    ))
                  )}
                </Table.Body>
              </Table>
            )}
          />
          <Button primary type="submit" loading={save.isPending} disabled={save.isPending} data-testid="mine-save">
            {c('mine.save')}
          </Button>
        </Form>
      </Segment>
    </div>
  );
}
