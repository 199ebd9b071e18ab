import { useEffect, useMemo, useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Message, Segment } from 'semantic-ui-react';
import type { Socket } from 'socket.io-client';
import {
  CONSULT_CLIENT_EVENTS,
  CONSULT_EVENTS,
  CONSULT_LIMITS,
  type ConsultAgentsPush,
  type ConsultMessage,
  type ConsultQueuePush,
  type ConsultReadPush,
  type ConsultSession,
  type ConsultStartInput,
  consultStartSchema,
  type ConsultTypingPush,
} from '@schoolflow/contracts';
import { errorMessage } from '../../api/http.js';
import { LangSwitch } from '../../components/lang-switch.js';
import { PageLoader } from '../../components/page-loader.js';
import { useNamespace } from '../../i18n/use-namespace.js';
import { firstMessage } from '../../util/form-errors.js';
import { toast } from '../../util/toast.js';
import { ChatInput } from '../chat/chat-input.js';
import { ChatLog } from '../chat/chat-log.js';
import { lastSeq, mergeMessages, newClientId, skipsNumber } from '../chat/chat-merge.js';
import { ask, useConsultSocket } from '../chat/consult-socket.js';
import { consultKeys } from '../consult-client.js';
import { useConsultT } from '../use-consult-t.js';
import '../consult.css';
import { useStartSession } from './use-start-session.js';
import { useVisitorSession } from './use-visitor-session.js';
import { visitorToken } from './visitor-token.js';

function StartForm({ name, onStarted }: { name?: string; onStarted?: (token: string) => void }) {
  const { c, tv } = useConsultT();
  const start = useStartSession();
  const form = useForm<ConsultStartInput>({ resolver: zodResolver(consultStartSchema) as never, defaultValues: { name: name ?? '', contact: '' } });
  const err = (field: 'name' | 'contact') => {
    const m = firstMessage(form.formState.errors[field]);
    return m ? tv(m) : undefined;
  };
  return (
    <Form onSubmit={form.handleSubmit((v) => start.mutate(v, { onSuccess: (session) => onStarted?.(session.token), onError: (e) => toast.error(errorMessage(e)) }))} data-testid="consult-start">
      <p>{c('visitor.intro')}</p>
      <Form.Field error={Boolean(err('name'))} required>
        <label htmlFor="consult-name">{c('visitor.name')}</label>
        <input id="consult-name" data-testid="consult-name" maxLength={CONSULT_LIMITS.name} {...form.register('name')} />
        {err('name') ? <div className="sf-field-error" data-testid="consult-name-error">{err('name')}</div> : null}
      </Form.Field>
      <Form.Field error={Boolean(err('contact'))}>
        <label htmlFor="consult-contact">{c('visitor.contact')}</label>
        <input id="consult-contact" data-testid="consult-contact" maxLength={CONSULT_LIMITS.contact} {...form.register('contact')} />
      </Form.Field>
      <Button primary type="submit" loading={start.isPending} data-testid="consult-start-button">
        {c('visitor.start')}
      </Button>
    </Form>
  );
}

/** The chat once the visitor has a conversation: live over the socket, the server's order, read marks both ways. */
function VisitorChat({ session }: { session: ConsultSession }) {
  const { c } = useConsultT();
  const client = useQueryClient();
  const key = consultKeys.visitor(session.token);
  const [typing, setTyping] = useState(false);
  const socketRef = useRef<Socket | null>(null);
  const update = (fn: (s: ConsultSession) => ConsultSession) => client.setQueryData<ConsultSession>(key, (old) => (old ? fn(old) : old));
  const own = (id: string) => id === session.conversation.id;

  const catchUp = (s: Socket) =>
    void ask<{ messages: ConsultMessage[] }>(s, CONSULT_CLIENT_EVENTS.history, { after: lastSeq(client.getQueryData<ConsultSession>(key)?.messages ?? []) }).then(
      (a) => update((old) => ({ ...old, messages: mergeMessages(old.messages, a.messages) })),
      () => undefined,
    );
  const handlers = useMemo(
    () => ({
      [CONSULT_EVENTS.message]: (m: ConsultMessage) => {
        if (!own(m.conversationId)) return;
        const shown = client.getQueryData<ConsultSession>(key)?.messages ?? [];
        update((old) => ({ ...old, messages: mergeMessages(old.messages, [m]) }));
        if (m.sender === 'agent') setTyping(false);
        if (socketRef.current && skipsNumber(shown, m)) catchUp(socketRef.current);
      },
      [CONSULT_EVENTS.typing]: (p: ConsultTypingPush) => own(p.conversationId) && setTyping(p.typing),
      [CONSULT_EVENTS.read]: (p: ConsultReadPush) => own(p.conversationId) && update((old) => ({ ...old, conversation: { ...old.conversation, agentReadSeq: p.seq } })),
      [CONSULT_EVENTS.assigned]: (p: ConsultQueuePush) => own(p.conversation.id) && update((old) => ({ ...old, conversation: p.conversation })),
      [CONSULT_EVENTS.closed]: (p: ConsultQueuePush) => own(p.conversation.id) && update((old) => ({ ...old, conversation: p.conversation })),
      [CONSULT_EVENTS.agents]: (p: ConsultAgentsPush) => update((old) => ({ ...old, agentsOnline: p.online })),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- handlers read the cache, not render state
    [session.token, session.conversation.id],
  );
  const socket = useConsultSocket({ visitorToken: session.token }, handlers as never, catchUp);
  useEffect(() => {
    socketRef.current = socket;
  }, [socket]);

  // the visitor has seen what the page shows: a read mark for the agent
  const last = lastSeq(session.messages);
  useEffect(() => {
    if (socket && last > session.conversation.visitorReadSeq && document.visibilityState === 'visible') void ask(socket, CONSULT_CLIENT_EVENTS.read, { seq: last }).catch(() => undefined);
  }, [socket, last, session.conversation.visitorReadSeq]);

  const send = async (body: string) => {
    if (!socket) return;
    try {
      const a = await ask<{ message: ConsultMessage }>(socket, CONSULT_CLIENT_EVENTS.send, { body, clientId: newClientId() });
      update((old) => ({ ...old, messages: mergeMessages(old.messages, [a.message]) }));
    } catch (e) {
      toast.error(errorMessage(e));
      throw e;
    }
  };

  const conv = session.conversation;
  const status =
    conv.state === 'closed' ? c('visitor.closed') : conv.state === 'active' ? c('visitor.withAgent', { agent: conv.agentName ?? '' }) : session.agentsOnline === 0 ? c('visitor.offline') : c('visitor.waiting');
  return (
    <div data-testid="consult-chat" data-state={conv.state}>
      <Message info={conv.state !== 'closed'} size="small" data-testid="consult-status">
        {status}
      </Message>
      <ChatLog messages={session.messages} me="visitor" otherReadSeq={conv.agentReadSeq} typing={typing} typingText={c('visitor.typing')} />
      {conv.state === 'closed' ? (
        <Segment basic textAlign="center">
          <StartForm name={conv.visitorName} />
        </Segment>
      ) : (
        <ChatInput
          onSend={send}
          onTyping={(t) => socket && void ask(socket, CONSULT_CLIENT_EVENTS.typing, { typing: t }).catch(() => undefined)}
          placeholder={c('visitor.placeholder')}
          sendText={c('visitor.send')}
          disabled={!socket}
        />
      )}
    </div>
  );
}

function VisitorBody() {
  const [token, setToken] = useState(visitorToken.get());
  const session = useVisitorSession(token);
  // a token the server does not know (its conversation deleted, a database reset): the form, and starting replaces it
  if (token && session.isPending) return <PageLoader />;
  if (!token || session.isError || !session.data) return <StartForm onStarted={setToken} />;
  return <VisitorChat session={session.data} />;
}

/** 在线咨询 (/onlineConsult/visitor, platform shell §2.1): anyone, no sign-in. */
export default function VisitorPage() {
  const ready = useNamespace('consult');
  const { c } = useConsultT();
  const title = ready ? c('page.visitor') : '';
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  if (!ready) return <PageLoader />;
  return (
    <div className="sf-consult-public" data-testid="consult-visitor">
      <div className="sf-consult-public-top">
        <h2>{title}</h2>
        <LangSwitch />
      </div>
      <VisitorBody />
    </div>
  );
}
