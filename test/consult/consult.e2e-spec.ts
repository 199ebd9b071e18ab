import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as XLSX from '@e965/xlsx';
import {
  CONSULT_CLIENT_EVENTS,
  CONSULT_EVENTS,
  CONSULT_NAMESPACE,
  CONSULT_VISITOR_HEADER,
  type ConsultConversation,
  type ConsultMessage,
  type ConsultQueue,
  type ConsultSession,
  type ConsultTranscriptPage,
  type SocketRefusal,
} from '@schoolflow/contracts';
import { io, type Socket } from 'socket.io-client';
import { baseUrl, call, login, randomIp, withDb } from '../support/api.js';
import { eventually } from '../support/browser.js';
import { nextPush } from '../support/workflow.js';

/**
 * Online consultation end to end (issue 26 part 3, docs/product/consultation.md) on the worker's shared server: a
 * visitor's session and the bad-input envelope (HTTP and socket, nothing stored); first accept wins among ten
 * concurrent accepts; messages both ways live and in order, a resend stored once; the per-token limit (8 on the test
 * server); a message left while no agent is online, answered later and read on resuming; an absent agent's
 * conversation back in the queue (grace 2 s on the test server); transfer, close with a note; transcripts and export;
 * who may answer.
 */
const sockets: Socket[] = [];
const tokens = {} as Record<'office' | 'admin' | 'teacher', string>;
const one = async (sql: string, args: unknown[] = []): Promise<string> => withDb(async (c) => String(Object.values((await c.query(sql, args)).rows[0] ?? {})[0]));

type Ack<T> = T | SocketRefusal;

function connect(auth: Record<string, string>, ip = randomIp()): Promise<Socket> {
  const socket = io(`${baseUrl()}${CONSULT_NAMESPACE}`, { path: '/server/socket.io', auth, transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: { 'X-Forwarded-For': ip } });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function visitor(name: string, ip = randomIp()): Promise<{ session: ConsultSession; socket: Socket; ip: string }> {
  const res = await call<ConsultSession>('/anon/consult/sessions', { json: { name, contact: '13800000000' }, ip });
  expect(res.status).toBe(200);
  const session = res.body.data as ConsultSession;
  return { session, socket: await connect({ visitorToken: session.token }, ip), ip };
}

const send = (s: Socket, body: unknown) => s.timeout(10_000).emitWithAck(CONSULT_CLIENT_EVENTS.send, body) as Promise<Ack<{ message: ConsultMessage }>>;
const accept = (id: string, token: string) => call<ConsultConversation>(`/api/consult/${id}/accept`, { method: 'POST', token });
let n = 0;
const cid = () => `c${Date.now().toString(36)}${(n++).toString(36)}`;

beforeAll(async () => {
  for (const who of ['office', 'admin', 'teacher'] as const) tokens[who] = await login(who);
}, 60_000);

afterAll(() => {
  for (const s of sockets) s.disconnect();
});

describe('a visitor without signing in', () => {
  it('is refused bad input with the envelope in their language, and nothing is stored', async () => {
    const before = await one(`SELECT count(*) FROM consult_visitor`);
    const res = await call('/anon/consult/sessions', { json: { name: '   ', contact: 'x' }, lang: 'en' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, result: false, msg: 'Please enter your name' });
    expect(await one(`SELECT count(*) FROM consult_visitor`)).toBe(before);

    const { session, socket } = await visitor('坏输入访客');
    for (const bad of [{ body: '', clientId: cid() }, { body: 42, clientId: cid() }, { body: 'x'.repeat(2001), clientId: cid() }, { body: 'hi', clientId: 'has space' }, 'nonsense']) {
      const ack = (await send(socket, bad)) as SocketRefusal;
      expect(ack).toMatchObject({ code: 400, result: false });
      expect(typeof ack.msg).toBe('string');
    }
    expect(await one(`SELECT last_seq FROM consult_conversation WHERE id = $1`, [session.conversation.id])).toBe('0');
    // cleaned, not refused: controls and direction overrides removed
    const ok = (await send(socket, { body: '  你好\u202e\u0007 老师  ', clientId: cid() })) as { message: ConsultMessage };
    expect(ok.message.body).toBe('你好 老师');
  });

  it('resumes on the same device by the server-issued token; a made-up token is refused', async () => {
    const { session, socket } = await visitor('回访访客');
    await send(socket, { body: '第一次来', clientId: cid() });
    const again = await call<ConsultSession>('/anon/consult/sessions/current', { headers: { [CONSULT_VISITOR_HEADER]: session.token } });
    expect(again.status).toBe(200);
    expect(again.body.data?.conversation.id).toBe(session.conversation.id);
    expect(again.body.data?.messages.map((m) => m.body)).toEqual(['第一次来']);
    // a second start from the same device is the same open conversation
    const restart = await call<ConsultSession>('/anon/consult/sessions', { json: { name: '回访访客' }, headers: { [CONSULT_VISITOR_HEADER]: session.token } });
    expect(restart.body.data?.conversation.id).toBe(session.conversation.id);
    const forged = await call('/anon/consult/sessions/current', { headers: { [CONSULT_VISITOR_HEADER]: 'A'.repeat(43) }, lang: 'en' });
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ result: false });
    await expect(connect({ visitorToken: 'A'.repeat(43) })).rejects.toThrow();
  });

  it('is limited per token: past CONSULT_MESSAGE_LIMIT the envelope says 429 and nothing more is stored', async () => {
    const { session, socket } = await visitor('刷屏访客');
    const acks = [];
    for (let i = 0; i < 10; i++) acks.push(await send(socket, { body: `消息 ${i}`, clientId: cid() }));
    expect(acks.filter((a) => 'message' in a)).toHaveLength(8);
    for (const refused of acks.slice(8)) expect(refused).toMatchObject({ code: 429, result: false, msg: '发送过于频繁，请稍后再试' });
    expect(await one(`SELECT count(*) FROM consult_message WHERE conversation_id = $1`, [session.conversation.id])).toBe('8');
  });
});

describe('agents', () => {
  it('only holders of consult:answer: a teacher is refused the queue and the socket', async () => {
    const res = await call('/api/consult/queue', { token: tokens.teacher });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ result: false });
    await expect(connect({ token: tokens.teacher })).rejects.toThrow();
  });

  it('first accept wins under concurrency; the others see it taken; messages go both ways live and in order', async () => {
    const { session, socket: v } = await visitor('家长王女士');
    const office = await connect({ token: tokens.office });
    const admin = await connect({ token: tokens.admin });
    const officeTokens = await Promise.all([1, 2, 3, 4].map(() => login('office')));
    const adminTokens = await Promise.all([1, 2, 3, 4, 5].map(() => login('admin')));
    const taken = nextPush<{ conversation: ConsultConversation }>(admin, CONSULT_EVENTS.assigned, (p) => p.conversation.id === session.conversation.id);
    const all = [tokens.office, ...officeTokens, ...adminTokens];
    const results = await Promise.all(all.map((t) => accept(session.conversation.id, t)));
    const won = results.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body).toMatchObject({ code: 409, result: false });
    const holder = won[0]?.body.data?.agentId as string;
    expect(await one(`SELECT agent_id FROM consult_conversation WHERE id = $1`, [session.conversation.id])).toBe(holder);
    expect((await taken).conversation.state).toBe('active');

    // office holds it for the exchange: when an administrator won, they transfer it (only the holder may)
    const officeId = await one(`SELECT id FROM sys_user WHERE account = 'office'`);
    if (holder !== officeId) {
      const winner = all[results.findIndex((r) => r.status === 200)] as string;
      expect((await call(`/api/consult/${session.conversation.id}/transfer`, { json: { agentId: officeId }, token: tokens.teacher })).status).toBe(403);
      const moved = await call<ConsultConversation>(`/api/consult/${session.conversation.id}/transfer`, { json: { agentId: officeId }, token: winner });
      expect(moved.status).toBe(200);
    }
    expect(await one(`SELECT agent_id FROM consult_conversation WHERE id = $1`, [session.conversation.id])).toBe(officeId);

    const atAgent = nextPush<ConsultMessage>(office, CONSULT_EVENTS.message, (m) => m.body === '孩子下周能请假吗？');
    expect(await send(v, { body: '孩子下周能请假吗？', clientId: 'v-1' })).toHaveProperty('message');
    await atAgent;
    const typing = nextPush<{ typing: boolean }>(v, CONSULT_EVENTS.typing);
    await office.timeout(5000).emitWithAck(CONSULT_CLIENT_EVENTS.typing, { conversationId: session.conversation.id, typing: true });
    expect((await typing).typing).toBe(true);
    const atVisitor = nextPush<ConsultMessage>(v, CONSULT_EVENTS.message, (m) => m.body === '可以，请在系统里提交请假申请。');
    expect(await send(office, { conversationId: session.conversation.id, body: '可以，请在系统里提交请假申请。', clientId: 'a-1' })).toHaveProperty('message');
    expect((await atVisitor).sender).toBe('agent');
    // a resend after a lost acknowledgement is stored once
    const resent = (await send(v, { body: '孩子下周能请假吗？', clientId: 'v-1' })) as { message: ConsultMessage };
    const readMark = nextPush<{ seq: number }>(office, CONSULT_EVENTS.read);
    await v.timeout(5000).emitWithAck(CONSULT_CLIENT_EVENTS.read, { seq: 1000 });
    const seqs = (await withDb((c) => c.query(`SELECT seq, body FROM consult_message WHERE conversation_id = $1 ORDER BY seq`, [session.conversation.id]))).rows as { seq: number; body: string }[];
    expect(seqs.map((r) => r.seq)).toEqual(seqs.map((_, i) => i + 1));
    expect(seqs.filter((r) => r.body === '孩子下周能请假吗？')).toHaveLength(1);
    expect(resent.message.seq).toBe(seqs.find((r) => r.body === '孩子下周能请假吗？')?.seq);
    expect((await readMark).seq).toBe(seqs.length);
    // the admin (not the holder) may not write in it
    expect(await send(admin, { conversationId: session.conversation.id, body: '插话', clientId: cid() })).toMatchObject({ code: 403, result: false });

    const closed = nextPush<{ conversation: ConsultConversation }>(v, CONSULT_EVENTS.closed);
    const res = await call<ConsultConversation>(`/api/consult/${session.conversation.id}/close`, { json: { note: '已告知请假流程' }, token: tokens.office });
    expect(res.status).toBe(200);
    expect((await closed).conversation).toMatchObject({ state: 'closed', closeNote: '已告知请假流程' });
    expect(await send(v, { body: '还在吗', clientId: cid() })).toMatchObject({ code: 409, result: false });
    office.disconnect();
    admin.disconnect();
  });

  it('with no agent online the message waits in the queue and is answered later; the visitor reads it on returning', async () => {
    await eventually(async () => expect((await call<ConsultQueue>('/api/consult/queue', { token: tokens.office })).body.data?.agents.some((a) => a.online)).toBe(false));
    const { session, socket } = await visitor('晚上来的访客');
    expect(session.agentsOnline).toBe(0);
    await send(socket, { body: '请问招生咨询电话是多少？', clientId: cid() });
    socket.disconnect();
    const left = await call<ConsultQueue>('/api/consult/queue', { token: tokens.office });
    const waiting = left.body.data?.queued.find((c) => c.id === session.conversation.id);
    expect(waiting).toMatchObject({ state: 'queued', leftMessage: true, lastBody: '请问招生咨询电话是多少？' });

    const office = await connect({ token: tokens.office });
    expect((await accept(session.conversation.id, tokens.office)).status).toBe(200);
    await send(office, { conversationId: session.conversation.id, body: '招生办电话 010-12345678', clientId: cid() });
    const back = await call<ConsultSession>('/anon/consult/sessions/current', { headers: { [CONSULT_VISITOR_HEADER]: session.token } });
    expect(back.body.data?.messages.map((m) => m.body)).toContain('招生办电话 010-12345678');

    // the agent goes away: after the grace the conversation is queued again
    office.disconnect();
    await eventually(async () => expect(await one(`SELECT state FROM consult_conversation WHERE id = $1`, [session.conversation.id])).toBe('queued'), 15_000);
    expect(await one(`SELECT body FROM consult_message WHERE conversation_id = $1 ORDER BY seq DESC LIMIT 1`, [session.conversation.id])).toBe('requeued');
  });

  it('finds transcripts by a word of a message and exports them to Excel', async () => {
    const found = await call<ConsultTranscriptPage>(`/api/consult/transcripts?q=${encodeURIComponent('招生咨询电话')}`, { token: tokens.office });
    expect(found.status).toBe(200);
    expect(found.body.data?.list.map((c) => c.visitorName)).toContain('晚上来的访客');
    expect((await call(`/api/consult/transcripts?size=1000`, { token: tokens.office })).status).toBe(400);
    const res = await fetch(`${baseUrl()}/server/api/consult/transcripts/export?q=${encodeURIComponent('招生')}`, { headers: { 'X-Access-Token': tokens.office, 'Accept-Language': 'zh' } });
    expect(res.status).toBe(200);
    const book = XLSX.read(Buffer.from(await res.arrayBuffer()), { type: 'buffer' });
    const sheet = book.Sheets[book.SheetNames[0] as string];
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet as XLSX.WorkSheet, { header: 1 });
    expect(rows[0]).toContain('访客');
    expect(rows.some((r) => r.includes('请问招生咨询电话是多少？'))).toBe(true);
  });
});
