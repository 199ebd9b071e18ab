import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { Button, Checkbox, Form, Message, Segment, Table } from 'semantic-ui-react';
import { type Channel, CHANNELS, pushConfigSchema } from '@schoolflow/contracts';
import { z } from 'zod';
import { reportError } from '../api/http.js';
import { CardHead } from '../components/list-page.js';
import { useMessageTypes } from '../messages/message-types.js';
import type { ViewProps } from '../router/view-props.js';
import { toast } from '../util/toast.js';
import { useChannelsConfig } from './use-channels-config.js';
import { useChannelsT } from './use-channels-t.js';
import { useSaveChannels } from './use-save-channels.js';

const formSchema = z.object({ push: pushConfigSchema });
type PushForm = z.infer<typeof formSchema>;

/** 推送配置 (messageCenter/tspz): per message type, the channels beyond the bell. */
export default function PushConfigView({ active }: ViewProps) {
  const { c } = useChannelsT();
  const typeName = useMessageTypes();
  const config = useChannelsConfig(active);
  const save = useSaveChannels();
  const push = config.data?.push;
  // the form follows the saved settings (react-hook-form's `values`: reset whenever they are read again)
  const values = useMemo(() => (push ? { push } : undefined), [push]);
  const form = useForm<PushForm>({ resolver: zodResolver(formSchema), defaultValues: { push: [] }, values });
  const rows = useFieldArray({ control: form.control, name: 'push' }).fields;

  const submit = form.handleSubmit(async (body) => {
    try {
      toast.success(await save.mutateAsync({ push: body.push }));
    } catch (err) {
      reportError(err);
    }
  });

  return (
    <div className="sf-page" data-testid="channels-push">
      <Segment className="sf-card" loading={config.isLoading}>
        <CardHead icon="paper plane outline" title={c('page.push')} />
        <Message info size="small" content={c('push.intro')} />
        <Form onSubmit={(e) => void submit(e)} data-testid="push-form">
          <Table celled compact unstackable className="sf-table">
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>{c('push.type')}</Table.HeaderCell>
                <Table.HeaderCell collapsing>{c('channels.bell')}</Table.HeaderCell>
                {CHANNELS.map((ch) => (
                  <Table.HeaderCell key={ch} collapsing>
                    {c(`channels.${ch}`)}
                  </Table.HeaderCell>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((row, i) => (
                <Table.Row key={row.id} data-testid="push-row" data-type={row.type}>
                  <Table.Cell>{typeName(row.type)}</Table.Cell>
                  <Table.Cell textAlign="center">
                    <Checkbox checked disabled aria-label={c('channels.bell')} />
                  </Table.Cell>
                  {CHANNELS.map((ch) => (
                    <Table.Cell key={ch} textAlign="center">
                      <Controller
                        control={form.control}
                        name={`push.${i}.channels`}
                        render={({ field }) => (
                          <Checkbox
                            checked={field.value.includes(ch)}
                            aria-label={`${typeName(row.type)} ${c(`channels.${ch}`)}`}
                            data-testid={`push-${row.type}-${ch}`}
                            onChange={(_, d) => field.onChange(d.checked ? [...field.value, ch] : field.value.filter((x: Channel) => x !== ch))}
                          />
                        )}
                      />
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
          <Button primary type="submit" loading={save.isPending} disabled={save.isPending || !form.formState.isDirty} data-testid="push-save">
            {c('push.save')}
          </Button>
        </Form>
      </Segment>
    </div>
  );
}
