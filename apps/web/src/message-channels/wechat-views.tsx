import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Button, Checkbox, Form, Input, Message, Segment } from 'semantic-ui-react';
import { wechatMenuSchema, wechatSettingsSchema, wechatTagSchema, wechatUserMapSchema, type WechatUserRow } from '@schoolflow/contracts';
import { z } from 'zod';
import { errorMessage, reportError } from '../api/http.js';
import { FieldError } from '../components/form-field.js';
import { CardHead, ListTable } from '../components/list-page.js';
import type { ViewProps } from '../router/view-props.js';
import { firstMessage } from '../util/form-errors.js';
import { toast } from '../util/toast.js';
import { useChannelsConfig } from './use-channels-config.js';
import { useChannelsT } from './use-channels-t.js';
import { useCreateWechatTag } from './use-create-wechat-tag.js';
import { useMapWechatUser } from './use-map-wechat-user.js';
import { usePublishWechatMenu } from './use-publish-wechat-menu.js';
import { useSaveChannels } from './use-save-channels.js';
import { useWechatTags } from './use-wechat-tags.js';
import { useWechatUsers } from './use-wechat-users.js';
import { useWechatReady } from './use-wechat-ready.js';

type WechatInput = z.input<typeof wechatSettingsSchema>;
type Wechat = z.output<typeof wechatSettingsSchema>;
const WECHAT_FIELDS = ['appId', 'apiBase', 'templateId'] as const;

/** 公众号配置 (weChat/config): the official account template messages go through; the appsecret is only ever written. */
export function WechatConfigView({ active }: ViewProps) {
  const { c, tv } = useChannelsT();
  const config = useChannelsConfig(active);
  const save = useSaveChannels();
  const wechat = config.data?.wechat;
  // the form follows the saved settings, the appsecret never shown (react-hook-form's `values`: reset whenever they are read again)
  const values = useMemo(() => (wechat ? { enabled: wechat.enabled, appId: wechat.appId, appSecret: '', apiBase: wechat.apiBase, templateId: wechat.templateId } : undefined), [wechat]);
  const form = useForm<WechatInput, unknown, Wechat>({ resolver: zodResolver(wechatSettingsSchema), defaultValues: { enabled: false, appId: '', appSecret: '', apiBase: '', templateId: '' }, values });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (body) => {
    try {
      toast.success(await save.mutateAsync({ wechat: { ...body, appSecret: body.appSecret || undefined } }));
    } catch (err) {
      reportError(err);
    }
  });
  return (
    <div className="sf-page" data-testid="wechat-config">
      <Segment className="sf-card" loading={config.isLoading}>
        <CardHead icon="wechat" title={c('page.config')} />
        <Form noValidate onSubmit={(e) => void submit(e)} className="sf-narrow-form" data-testid="wechat-form">
          <Form.Field>
            <Controller control={form.control} name="enabled" render={({ field }) => <Checkbox toggle label={c('wechat.enabled')} checked={field.value} onChange={(_, d) => field.onChange(Boolean(d.checked))} data-testid="wechat-enabled" />} />
          </Form.Field>
          {WECHAT_FIELDS.map((name) => (
            <Form.Field key={name} error={Boolean(errors[name])}>
              <label htmlFor={`wechat-${name}`}>{c(`wechat.${name}`)}</label>
              <input id={`wechat-${name}`} {...form.register(name)} data-testid={`wechat-${name}`} />
              <FieldError testId={`wechat-${name}`} error={errors[name]?.message ? tv(errors[name]?.message ?? '') : undefined} />
            </Form.Field>
          ))}
          <Form.Field>
            <label htmlFor="wechat-appSecret">{c('wechat.appSecret')}</label>
            <input id="wechat-appSecret" type="password" autoComplete="new-password" placeholder={wechat?.hasSecret ? c('wechat.secretKept') : ''} {...form.register('appSecret')} data-testid="wechat-appSecret" />
          </Form.Field>
          <Button primary type="submit" loading={save.isPending} disabled={save.isPending} data-testid="wechat-save">
            {c('wechat.save')}
          </Button>
        </Form>
      </Segment>
    </div>
  );
}

const menuForm = z.object({ menu: wechatMenuSchema });
type MenuForm = z.infer<typeof menuForm>;

/** 菜单管理 (weChat/menu): up to 3 menus of up to 5 links each, saved and created on the official account. */
export function WechatMenuView({ active }: ViewProps) {
  const { c, tv } = useChannelsT();
  const config = useChannelsConfig(active);
  const publish = usePublishWechatMenu();
  const menu = config.data?.wechat.menu;
  // the form follows the saved menu (react-hook-form's `values`: reset whenever they are read again)
  const values = useMemo(() => (menu ? { menu } : undefined), [menu]);
  const form = useForm<MenuForm>({ resolver: zodResolver(menuForm), defaultValues: { menu: [] }, values });
  const buttons = useFieldArray({ control: form.control, name: 'menu' });
  const error = firstMessage(form.formState.errors.menu);
  const submit = form.handleSubmit(async (body) => {
    try {
      toast.success(await publish.mutateAsync(body.menu));
    } catch (err) {
      reportError(err);
    }
  });
  return (
    <div className="sf-page" data-testid="wechat-menu">
      <Segment className="sf-card" loading={config.isLoading}>
        <CardHead icon="bars" title={c('page.menu')} />
        <Message info size="small" content={c('wechat.menuIntro')} />
        <Form noValidate onSubmit={(e) => void submit(e)} data-testid="wechat-menu-form">
          {buttons.fields.map((b, i) => (
            <Form.Group key={b.id} widths="equal" data-testid="wechat-menu-button">
              <Form.Field>
                <input placeholder={c('wechat.buttonName')} aria-label={c('wechat.buttonName')} {...form.register(`menu.${i}.name`)} data-testid="wechat-menu-name" />
              </Form.Field>
              <Form.Field>
                <input placeholder={c('wechat.buttonUrl')} aria-label={c('wechat.buttonUrl')} {...form.register(`menu.${i}.url`, { setValueAs: (v: string) => v || undefined })} data-testid="wechat-menu-url" />
              </Form.Field>
              <Button type="button" basic icon="trash" title={c('wechat.remove')} onClick={() => buttons.remove(i)} />
            </Form.Group>
          ))}
          <FieldError testId="wechat-menu" error={error ? tv(error) : undefined} />
          <Button type="button" basic icon="plus" content={c('wechat.addButton')} disabled={buttons.fields.length >= 3} onClick={() => buttons.append({ name: '' })} data-testid="wechat-menu-add" />
          <Button primary type="submit" loading={publish.isPending} disabled={publish.isPending} data-testid="wechat-menu-publish">
            {c('wechat.publish')}
          </Button>
        </Form>
      </Segment>
    </div>
  );
}

/** 标签管理 (weChat/tags): the account's tags as WeChat has them, and a new one. */
export function WechatTagsView({ active }: ViewProps) {
  const { c } = useChannelsT();
  const wechat = useWechatReady(active);
  const tags = useWechatTags(active && wechat.ready);
  const create = useCreateWechatTag();
  const { control, handleSubmit, reset } = useForm<{ name: string }>({ resolver: zodResolver(wechatTagSchema), defaultValues: { name: '' } });
  const name = useWatch({ control, name: 'name' });
  // the button is off until a name is typed; the schema trims it and keeps it within WeChat's length
  const add = handleSubmit(async (tag) => {
    try {
      toast.success(await create.mutateAsync(tag.name));
      reset();
    } catch (err) {
      reportError(err);
    }
  });
  return (
    <div className="sf-page" data-testid="wechat-tags">
      <Segment className="sf-card" loading={tags.isLoading}>
        <CardHead
          icon="tags"
          title={c('page.tags')}
          tools={
            <Controller
              control={control}
              name="name"
              render={({ field }) => (
                <Input size="small" value={field.value} placeholder={c('wechat.tagName')} onChange={(_, d) => field.onChange(d.value)} action={{ content: c('wechat.addTag'), icon: 'plus', disabled: !name.trim(), loading: create.isPending, onClick: () => void add() }} data-testid="wechat-tag-name" />
              )}
            />
          }
        />
        {wechat.known && !wechat.ready ? <Message info content={c('errors.wechatNotConfigured')} data-testid="wechat-not-configured" /> : null}
        {tags.error ? <Message warning content={`${c('wechat.loadFailed')}: ${errorMessage(tags.error)}`} /> : null}
        <ListTable
          testId="wechat-tags-table"
          columns={[
            { title: c('wechat.tagId'), narrow: true, cell: (t) => t.id },
            { title: c('wechat.tagName'), cell: (t) => t.name },
            { title: c('wechat.tagCount'), narrow: true, cell: (t) => t.count },
          ]}
          rows={tags.data ?? []}
          rowKey={(t) => String(t.id)}
          empty={{ text: c('monitor.empty'), testId: 'wechat-tags-empty' }}
        />
      </Segment>
    </div>
  );
}

/** A follower not mapped yet: the account typed, checked by the shared mapping schema, then mapped. */
function BindAccount({ openid, onBind }: { openid: string; onBind: (openid: string, account: string) => Promise<void> }) {
  const { c } = useChannelsT();
  const { control, handleSubmit } = useForm<{ openid: string; account: string }>({ resolver: zodResolver(wechatUserMapSchema), defaultValues: { openid, account: '' } });
  const account = useWatch({ control, name: 'account' });
  const bind = handleSubmit((v) => onBind(v.openid, v.account));
  return (
    <Controller
      control={control}
      name="account"
      render={({ field }) => (
        <Input
          size="mini"
          value={field.value}
          placeholder={c('wechat.accountPlaceholder')}
          onChange={(_, d) => field.onChange(d.value)}
          action={{ content: c('wechat.bind'), disabled: !account.trim(), onClick: () => void bind() }}
        />
      )}
    />
  );
}

/** 用户管理 (weChat/user): the account's followers, each mapped to the account template messages reach. */
export function WechatUsersView({ active }: ViewProps) {
  const { c } = useChannelsT();
  const wechat = useWechatReady(active);
  const users = useWechatUsers(active && wechat.ready);
  const map = useMapWechatUser();
  const bind = async (openid: string, account: string) => {
    try {
      toast.success(await map.mutateAsync({ openid, account }));
    } catch (err) {
      reportError(err);
    }
  };
  return (
    <div className="sf-page" data-testid="wechat-users">
      <Segment className="sf-card" loading={users.isLoading}>
        <CardHead icon="users" title={c('page.user')} sub={users.data ? ` (${users.data.total})` : undefined} />
        {wechat.known && !wechat.ready ? <Message info content={c('errors.wechatNotConfigured')} data-testid="wechat-not-configured" /> : null}
        {users.error ? <Message warning content={`${c('wechat.loadFailed')}: ${errorMessage(users.error)}`} /> : null}
        <ListTable<WechatUserRow>
          testId="wechat-users-table"
          columns={[
            { title: c('wechat.openid'), cell: (u) => u.openid },
            { title: c('wechat.account'), cell: (u) => (u.account ? `${u.name ?? ''} (${u.account})` : '') },
            {
              title: '',
              narrow: true,
              props: { singleLine: true },
              cell: (u) =>
                u.account ? (
                  <Button size="mini" basic content={c('wechat.unbind')} onClick={() => void bind(u.openid, '')} />
                ) : (
                  <BindAccount openid={u.openid} onBind={bind} />
                ),
            },
          ]}
          rows={users.data?.list ?? []}
          rowKey={(u) => u.openid}
          empty={{ text: c('monitor.empty'), testId: 'wechat-users-empty' }}
        />
      </Segment>
    </div>
  );
}
