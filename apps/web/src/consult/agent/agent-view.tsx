import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Button, Dropdown, Form, Label, Menu, Message, Modal, Segment, Table } from 'semantic-ui-react';
import type { Socket } from 'socket.io-client';
import {
  CONSULT_CLIENT_EVENTS,
  CONSULT_EVENTS,
  CONSULT_LIMITS,
  CONSULT_STATES,
  type ConsultCloseInput,
  consultCloseSchema,
  type ConsultConversation,
  type ConsultMessage,
  type ConsultReadPush,
  type ConsultTypingPush,
} from '@schoolflow/contracts';
import { errorMessage } from '../../api/http.js';
import { PageLoader } from '../../components/page-loader.js';
import { formatDateTime } from '../../util/date.js';
import { oneOfParam, pageParam, textParam, useViewParam, filterParam } from '../../router/use-view-param.js';
import { firstMessage } from '../../util/form-errors.js';
import { useReadySession } from '../../session/session-store.js';
import { getToken } from '../../session/token.js';
import { toast } from '../../util/toast.js';
import { useDisclosure } from '../../util/use-disclosure.js';
import { ChatInput } from '../chat/chat-input.js';
import { ChatLog } from '../chat/chat-log.js';
import { lastSeq, mergeMessages, newClientId, skipsNumber } from '../chat/chat-merge.js';
import { ask, useConsultSocket } from '../chat/consult-socket.js';
import { type ConversationDetail, consultKeys } from '../consult-client.js';
import { useConsultT } from '../use-consult-t.js';
import '../consult.css';
import { useAccept } from './use-accept.js';
import { useCloseConversation } from './use-close.js';
import { useConsultQueue } from './use-consult-queue.js';
import { useConversation } from './use-conversation.js';
import { useExportTranscripts } from './use-export-transcripts.js';
import { useTranscripts } from './use-transcripts.js';
import { useTransfer } from './use-transfer.js';

const tabParam = oneOfParam(['live', 'transcripts'] as const);
/** A transcript state chosen (`?state=closed`); '' is every state. */
const stateParam = filterParam(CONSULT_STATES);

/** School time in the app's format, as on every other page (not the browser's locale). */
const time = (iso: string | null) => formatDateTime(iso);

/** 结束咨询: a note, checked by the shared schema (the server cleans and checks it again), then the conversation closed. */
function CloseButton({ id }: { id: string }) {
  const { c, tv } = useConsultT();
  const dialog = useDisclosure();
  const closing = useCloseConversation();
  const { register, handleSubmit, formState } = useForm<ConsultCloseInput, unknown, { note: string }>({ resolver: zodResolver(consultCloseSchema), defaultValues: { note: '' } });
  const noteError = firstMessage(formState.errors.note);
  // a refusal is told by the mutation (reportError); the dialog stays open for another try
  const confirm = handleSubmit(({ note }) => closing.mutateAsync({ id, note }).then(dialog.close, () => undefined));
  return (
    <>
      <Button size="small" negative data-testid="consult-close" onClick={dialog.open}>
        {c('agent.close')}
      </Button>
      <Modal size="tiny" open={dialog.opened} onClose={dialog.close}>
        <Modal.Header>{c('agent.confirmClose')}</Modal.Header>
        <Modal.Content>
          <Form onSubmit={(e) => void confirm(e)}>
            <Form.Field error={Boolean(noteError)}>
              <label htmlFor="consult-note">{c('agent.closeNote')}</label>
              <textarea id="consult-note" data-testid="consult-note" maxLength={CONSULT_LIMITS.note} {...register('note')} />
              {noteError ? <div className="sf-field-error">{tv(noteError)}</div> : null}
            </Form.Field>
          </Form>
        </Modal.Content>
        <Modal.Actions>
          <Button onClick={dialog.close}>×</Button>
          <Button negative loading={closing.isPending} data-testid="consult-close-confirm" onClick={(e) => void confirm(e)}>
            {c('agent.close')}
          </Button>
        </Modal.Actions>
      </Modal>
    </>
  );
}

/** The selected conversation: its lines, and for its holder the reply box, transfer and close. */
function ConversationPane({ id, socket, me, typing, agents }: { id: string; socket: Socket | null; me: string; typing: boolean; agents: { id: string; name: string; online: boolean }[] }) {
  const { c } = useConsultT();
  const client = useQueryClient();
  const detail = useConversation(id);
  const transfer = useTransfer();
  // the holder has seen what the page shows: a read mark for the visitor
  const seen = detail.data && detail.data.conversation.agentId === me ? lastSeq(detail.data.messages) : 0;
  const marked = detail.data?.conversation.agentReadSeq ?? 0;
  useEffect(() => {
    if (!socket || seen <= marked) return;
    void ask(socket, CONSULT_CLIENT_EVENTS.read, { conversationId: id, seq: seen }).catch(() => undefined);
    client.setQueryData<ConversationDetail>(consultKeys.conversation(id), (old) => (old ? { ...old, conversation: { ...old.conversation, agentReadSeq: seen } } : old));
  }, [socket, id, seen, marked, client]);
  if (detail.isPending) return <PageLoader />;
  if (detail.isError) return <Message negative content={errorMessage(detail.error)} />;
  const conv = detail.data.conversation;
  const mine = conv.state === 'active' && conv.agentId === me;
  const send = async (body: string) => {
    if (!socket) return;
    try {
      const a = await ask<{ message: ConsultMessage }>(socket, CONSULT_CLIENT_EVENTS.send, { conversationId: id, body, clientId: newClientId() });
      client.setQueryData<ConversationDetail>(consultKeys.conversation(id), (old) => (old ? { ...old, messages: mergeMessages(old.messages, [a.message]) } : old));
    } catch (e) {
      toast.error(errorMessage(e));
      throw e;
    }
  };
  const others = agents.filter((a) => a.online && a.id !== me);
  return (
    <Segment data-testid="consult-conversation" data-state={conv.state}>
      <div className="sf-consult-head">
        <div>
          <strong data-testid="consult-visitor-name">{conv.visitorName}</strong> {conv.visitorContact ? <span className="sf-hint">{conv.visitorContact}</span> : null}{' '}
          <Label size="tiny">{c(`states.${conv.state}`)}</Label>
          {conv.agentName ? <span className="sf-hint"> · {conv.agentName}</span> : null}
        </div>
        {mine ? (
          <div>
            <Dropdown
              button
              className="small"
              data-testid="consult-transfer"
              text={c('agent.transfer')}
              disabled={others.length === 0}
              options={others.map((a) => ({ key: a.id, value: a.id, text: a.name }))}
              onChange={(_, d) => transfer.mutate({ id, agentId: String(d.value) })}
            />
            <CloseButton id={id} />
          </div>
        ) : null}
      </div>
      {conv.closeNote ? <Message size="tiny" content={`${c('agent.closeNote')}: ${conv.closeNote}`} /> : null}
      <ChatLog messages={detail.data.messages} me="agent" otherReadSeq={conv.visitorReadSeq} typing={typing && mine} typingText={c('agent.visitorTyping')} />
      {mine ? (
        <ChatInput
          onSend={send}
          onTyping={(t) => socket && void ask(socket, CONSULT_CLIENT_EVENTS.typing, { conversationId: id, typing: t }).catch(() => undefined)}
          placeholder={c('agent.placeholder')}
          sendText={c('agent.send')}
          disabled={!socket}
        />
      ) : null}
    </Segment>
  );
}

function ConversationItem({ conv, selected, onSelect, action }: { conv: ConsultConversation; selected: boolean; onSelect: () => void; action?: ReactNode }) {
  const { c } = useConsultT();
  return (
    <div className={`sf-consult-item ${selected ? 'selected' : ''}`} data-testid="consult-item" data-id={conv.id} onClick={onSelect}>
      <div>
        <strong>{conv.visitorName}</strong> {conv.leftMessage && conv.state === 'queued' ? <Label size="mini" color="orange">{c('agent.leftMessage')}</Label> : null}
        {action ? <span style={{ float: 'right' }}>{action}</span> : null}
      </div>
      <div className="meta">{conv.lastBody}</div>
    </div>
  );
}

/** 接待: the live queue on the left (accept), my conversations, the selected one on the right. */
function Desk() {
  const { c } = useConsultT();
  const client = useQueryClient();
  const me = useReadySession()?.info.userInfo.id ?? '';
  const queue = useConsultQueue();
  const accept = useAccept();
  const [selected, setSelected] = useState<string | null>(null);
  const [typingIn, setTypingIn] = useState<string | null>(null);
  const socketRef = useRef<Socket | null>(null);

  const catchUp = (s: Socket, id: string) => {
    const shown = client.getQueryData<ConversationDetail>(consultKeys.conversation(id))?.messages ?? [];
    void ask<{ messages: ConsultMessage[] }>(s, CONSULT_CLIENT_EVENTS.history, { conversationId: id, after: lastSeq(shown) }).then(
      (a) => client.setQueryData<ConversationDetail>(consultKeys.conversation(id), (old) => (old ? { ...old, messages: mergeMessages(old.messages, a.messages) } : old)),
      () => undefined,
    );
  };
  const handlers = useMemo(
    () => ({
      [CONSULT_EVENTS.message]: (m: ConsultMessage) => {
        const key = consultKeys.conversation(m.conversationId);
        const shown = client.getQueryData<ConversationDetail>(key)?.messages;
        if (shown) {
          client.setQueryData<ConversationDetail>(key, (old) => (old ? { ...old, messages: mergeMessages(old.messages, [m]) } : old));
          if (socketRef.current && skipsNumber(shown, m)) catchUp(socketRef.current, m.conversationId);
        }
        if (m.sender === 'visitor') setTypingIn(null);
        void client.invalidateQueries({ queryKey: consultKeys.queue });
      },
      [CONSULT_EVENTS.typing]: (p: ConsultTypingPush) => setTypingIn(p.typing ? p.conversationId : null),
      [CONSULT_EVENTS.read]: (p: ConsultReadPush) =>
        client.setQueryData<ConversationDetail>(consultKeys.conversation(p.conversationId), (old) => (old ? { ...old, conversation: { ...old.conversation, visitorReadSeq: p.seq } } : old)),
      [CONSULT_EVENTS.queue]: () => void client.invalidateQueries({ queryKey: consultKeys.queue }),
      [CONSULT_EVENTS.assigned]: (p: { conversation: ConsultConversation }) => {
        client.setQueryData<ConversationDetail>(consultKeys.conversation(p.conversation.id), (old) => (old ? { ...old, conversation: p.conversation } : old));
        void client.invalidateQueries({ queryKey: consultKeys.queue });
      },
      [CONSULT_EVENTS.closed]: (p: { conversation: ConsultConversation }) => {
        client.setQueryData<ConversationDetail>(consultKeys.conversation(p.conversation.id), (old) => (old ? { ...old, conversation: p.conversation } : old));
        void client.invalidateQueries({ queryKey: consultKeys.queue });
      },
      [CONSULT_EVENTS.agents]: () => void client.invalidateQueries({ queryKey: consultKeys.queue }),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- handlers read the cache, not render state
    [client],
  );
  const token = getToken();
  const socket = useConsultSocket(token ? { token } : null, handlers as never, (s) => {
    // after a reconnect: the queue again, and what the open conversation missed
    void client.invalidateQueries({ queryKey: consultKeys.queue });
    for (const q of client.getQueryCache().findAll({ queryKey: ['consult', 'conversation'] })) catchUp(s, String(q.queryKey[2]));
  });
  useEffect(() => {
    socketRef.current = socket;
  }, [socket]);

  if (queue.isPending) return <PageLoader />;
  if (queue.isError) return <Message negative content={errorMessage(queue.error)} />;
  const online = queue.data.agents.filter((a) => a.online).length;
  return (
    <div className="sf-consult-desk">
      <div>
        <div className="sf-hint" data-testid="consult-online">
          {c('agent.online', { n: online })}
        </div>
        <h4>
          {c('agent.queue')} ({queue.data.queued.length})
        </h4>
        <div data-testid="consult-queue">
          {queue.data.queued.length === 0 ? <div className="sf-hint">{c('agent.empty')}</div> : null}
          {queue.data.queued.map((q) => (
            <ConversationItem
              key={q.id}
              conv={q}
              selected={selected === q.id}
              onSelect={() => setSelected(q.id)}
              action={
                <Button
                  size="mini"
                  primary
                  data-testid="consult-accept"
                  loading={accept.isPending && accept.variables === q.id}
                  onClick={(e) => {
                    e.stopPropagation();
                    accept.mutate(q.id, { onSuccess: () => setSelected(q.id) });
                  }}
                >
                  {c('agent.accept')}
                </Button>
              }
            />
          ))}
        </div>
        <h4>{c('agent.mine')}</h4>
        <div data-testid="consult-my-conversations">
          {queue.data.mine.length === 0 ? <div className="sf-hint">{c('agent.empty')}</div> : null}
          {queue.data.mine.map((q) => (
            <ConversationItem key={q.id} conv={q} selected={selected === q.id} onSelect={() => setSelected(q.id)} />
          ))}
        </div>
      </div>
      <div>{selected ? <ConversationPane id={selected} socket={socket} me={me} typing={typingIn === selected} agents={queue.data.agents} /> : <Segment placeholder>{c('agent.choose')}</Segment>}</div>
    </div>
  );
}

/** 咨询记录: search, page, export; a row opens its transcript. */
function Transcripts() {
  const { c } = useConsultT();
  const [q, setQ] = useState('');
  // the state chosen and the page of the list (`?state=…&page=…`); a new search or state starts at the first page
  const [state, setState] = useViewParam('state', '', stateParam);
  const [page, setPage] = useViewParam('page', 1, pageParam);
  const firstPage = () => page !== 1 && setPage(1);
  // the transcript opened below the list (`?transcript=`)
  const [shown, setShown] = useViewParam('transcript', '', textParam);
  const list = useTranscripts({ q, state, page });
  const exporting = useExportTranscripts();
  const detail = useConversation(shown || null);
  return (
    <div data-testid="consult-transcripts">
      <Form className="sf-consult-head" onSubmit={(e) => e.preventDefault()}>
        <input data-testid="consult-search" placeholder={c('agent.search')} value={q} maxLength={100} onChange={(e) => (setQ(e.target.value), firstPage())} style={{ flex: 1 }} />
        <Dropdown
          selection
          clearable
          placeholder={c('agent.columns.state')}
          value={state}
          options={CONSULT_STATES.map((s) => ({ key: s, value: s, text: c(`states.${s}`) }))}
          onChange={(_, d) => (setState(stateParam.parse(String(d.value ?? '')) ?? ''), firstPage())}
        />
        <Button type="button" data-testid="consult-export" loading={exporting.isPending} onClick={() => exporting.mutate({ q, state, fileName: `${c('export.file')}.xlsx` })}>
          {c('agent.export')}
        </Button>
      </Form>
      {list.isError ? <Message negative content={errorMessage(list.error)} /> : null}
      <Table compact selectable>
        <Table.Header>
          <Table.Row>
            {(['started', 'visitor', 'contact', 'state', 'agent', 'last'] as const).map((k) => (
              <Table.HeaderCell key={k}>{c(`agent.columns.${k}`)}</Table.HeaderCell>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {(list.data?.list ?? []).map((r) => (
            <Table.Row key={r.id} data-testid="consult-transcript-row" onClick={() => setShown(r.id)} active={shown === r.id}>
              <Table.Cell>{time(r.createdAt)}</Table.Cell>
              <Table.Cell>{r.visitorName}</Table.Cell>
              <Table.Cell>{r.visitorContact}</Table.Cell>
              <Table.Cell>{c(`states.${r.state}`)}</Table.Cell>
              <Table.Cell>{r.agentName ?? ''}</Table.Cell>
              <Table.Cell>{r.lastBody}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
      <div className="sf-consult-head">
        <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          ‹
        </Button>
        <span>
          {page} / {Math.max(1, Math.ceil((list.data?.total ?? 0) / 20))}
        </span>
        <Button size="small" disabled={page * 20 >= (list.data?.total ?? 0)} onClick={() => setPage(page + 1)}>
          ›
        </Button>
      </div>
      {shown && detail.data ? <ChatLog messages={detail.data.messages} me="agent" otherReadSeq={detail.data.conversation.visitorReadSeq} typing={false} typingText="" /> : null}
    </div>
  );
}

/** 咨询管理 (zxgl): live reception and transcripts, for holders of consult:answer. */
export default function ConsultAgentView() {
  const { c } = useConsultT();
  const [tab, setTab] = useViewParam('tab', 'live', tabParam);
  return (
    <div data-testid="consult-agent">
      <Menu pointing secondary>
        <Menu.Item active={tab === 'live'} data-testid="consult-tab-live" onClick={() => setTab('live')}>
          {c('agent.live')}
        </Menu.Item>
        <Menu.Item active={tab === 'transcripts'} data-testid="consult-tab-transcripts" onClick={() => setTab('transcripts')}>
          {c('agent.transcripts')}
        </Menu.Item>
      </Menu>
      {tab === 'live' ? <Desk /> : <Transcripts />}
    </div>
  );
}
