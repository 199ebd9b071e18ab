/**
 * npm run bench:consult
 *
 * Issue 26's consultation figure, on the built server over a fresh database (the demo school): BENCH_VISITORS (200)
 * signed-out visitors and BENCH_AGENTS (20) agents chatting at once on the `/consult` namespace — each visitor in a
 * conversation accepted by an agent (10 each), every client sending one message a second (agents in turn to their
 * conversations) for BENCH_SECONDS (30). Per message: the time from the sender's emit to the other side's socket
 * receiving it (`consult.message`: stored, numbered, pushed), p50/p99/max — beside, in the same run and at the same
 * load, a bare socket.io relay (no auth, no database: the server re-emits to the partner's room) in its own process.
 * The ratio is printed.
 *
 * Target (issue 26): message → other side's screen p99 ≤ 100 ms.
 */
import { CONSULT_CLIENT_EVENTS, CONSULT_EVENTS, CONSULT_NAMESPACE, type ConsultMessage, type ConsultSession } from '@schoolflow/contracts';
import { io, type Socket } from 'socket.io-client';
import { call, login, randomIp } from '../test/support/api.js';
import { startBareServer } from './support/bare-socket-io.js';
import { type BenchServer, onCleanup, runMain, withBenchServer } from './support/bench-server.js';
import { openDb } from './support/db.js';
import { describeContext, formatCpu, sampleCpu } from './support/machine.js';
import { mapLimit, ms, ratio, type Summary, summarise, table } from './support/stats.js';

const VISITORS = Number(process.env.BENCH_VISITORS ?? 200);
const AGENTS = Number(process.env.BENCH_AGENTS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const TARGET_P99_MS = 100;

const out = (line = ''): void => void process.stdout.write(`${line}\n`);

/** One chatting client: how it sends a message with this id, and where it is told of messages. */
interface Client {
  socket: Socket;
  send: (id: string) => void;
}

/** Connects a socket and waits for it. */
function connect(url: string, path: string | undefined, auth: Record<string, string>): Promise<Socket> {
  const s = io(url, { ...(path ? { path } : {}), auth, transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: { 'X-Forwarded-For': randomIp() } });
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}

/**
 * The load: every client sends one message a second (starts spread over the first second) for `seconds`; each
 * message's latency is from its emit to its first arrival at any other client (`arrived(id)` called by the receiving
 * side). Answers the latencies and how many never arrived.
 */
async function drive(clients: Client[], seconds: number, listen: (arrived: (id: string) => void) => void): Promise<{ samples: number[]; lost: number; sent: number }> {
  const sentAt = new Map<string, number>();
  const samples: number[] = [];
  listen((id) => {
    const t0 = sentAt.get(id);
    if (t0 === undefined) return;
    sentAt.delete(id);
    samples.push(performance.now() - t0);
  });
  let sent = 0;
  const timers: NodeJS.Timeout[] = [];
  await new Promise<void>((resolve) => {
    clients.forEach((c, i) => {
      let n = 0;
      const tick = () => {
        const id = `b${i}x${n++}`;
        sentAt.set(id, performance.now());
        sent++;
        c.send(id);
      };
      timers.push(
        setTimeout(() => {
          tick();
          timers.push(setInterval(tick, 1000));
        }, (i / clients.length) * 1000),
      );
    });
    setTimeout(resolve, seconds * 1000 + 1000);
  });
  for (const t of timers) clearInterval(t);
  // what is still on its way may arrive within two seconds
  await new Promise((r) => setTimeout(r, 2000));
  return { samples, lost: sentAt.size, sent };
}

async function consultRun(server: BenchServer): Promise<{ result: Awaited<ReturnType<typeof drive>>; failures: number }> {
  const path = '/server/socket.io';
  const url = `${server.url}${CONSULT_NAMESPACE}`;
  // agents: demo accounts (students: the demo school has more of them than staff), granted the permission in this database only
  const db = await openDb(server.databaseUrl);
  let accounts: string[];
  try {
    await db.query(`INSERT INTO sys_role_permission (role_id, permission) SELECT id, 'consult:answer' FROM sys_role WHERE code = 'student' ON CONFLICT DO NOTHING`);
    accounts = (await db.query<{ account: string }>(`SELECT u.account FROM sys_user u JOIN sys_user_role ur ON ur.user_id = u.id JOIN sys_role r ON r.id = ur.role_id WHERE r.code = 'student' ORDER BY u.account LIMIT $1`, [AGENTS])).rows.map((r) => r.account);
  } finally {
    await db.end();
  }
  if (accounts.length < AGENTS) throw new Error(`only ${accounts.length} student accounts for ${AGENTS} agents`);
  const agentTokens = await mapLimit(AGENTS, 5, (i) => login(accounts[i] as string));
  const agents = await mapLimit(AGENTS, 10, (i) => connect(url, path, { token: agentTokens[i] as string }));
  const sessions = await mapLimit(VISITORS, 10, async (i) => {
    const res = await call<ConsultSession>('/anon/consult/sessions', { json: { name: `访客${i}`, contact: '' } });
    if (res.status !== 200 || !res.body.data) throw new Error(`session ${i}: ${res.status} ${res.body.msg}`);
    return res.body.data;
  });
  const visitors = await mapLimit(VISITORS, 10, (i) => connect(url, path, { visitorToken: (sessions[i] as ConsultSession).token }));
  onCleanup(async () => {
    for (const s of [...agents, ...visitors]) s.disconnect();
  });
  // agent i takes visitors i, i + AGENTS, i + 2·AGENTS, …
  await mapLimit(VISITORS, 10, async (v) => {
    const res = await call(`/api/consult/${(sessions[v] as ConsultSession).conversation.id}/accept`, { method: 'POST', token: agentTokens[v % AGENTS] as string });
    if (res.status !== 200) throw new Error(`accept ${v}: ${res.status} ${res.body.msg}`);
  });
  let failures = 0;
  const ack = (a: unknown) => {
    if (!a || typeof a !== 'object' || !('message' in a)) failures++;
  };
  const clients: Client[] = [
    ...visitors.map((s) => ({ socket: s, send: (id: string) => void s.timeout(10_000).emitWithAck(CONSULT_CLIENT_EVENTS.send, { body: `家长的问题 ${id}`, clientId: id }).then(ack, () => failures++) })),
    ...agents.map((s, a) => {
      const mine = sessions.filter((_, v) => v % AGENTS === a).map((x) => x.conversation.id);
      let next = 0;
      return {
        socket: s,
        send: (id: string) => void s.timeout(10_000).emitWithAck(CONSULT_CLIENT_EVENTS.send, { conversationId: mine[next++ % mine.length], body: `老师的回答 ${id}`, clientId: id }).then(ack, () => failures++),
      };
    }),
  ];
  const result = await drive(clients, SECONDS, (arrived) => {
    // the other side: a visitor's socket hears agents' messages, an agent's hears visitors'
    for (const s of visitors) s.on(CONSULT_EVENTS.message, (m: ConsultMessage) => m.sender === 'agent' && m.clientId && arrived(m.clientId));
    for (const s of agents) s.on(CONSULT_EVENTS.message, (m: ConsultMessage) => m.sender === 'visitor' && m.clientId && arrived(m.clientId));
  });
  for (const s of [...agents, ...visitors]) s.disconnect();
  return { result, failures };
}

async function bareRun(): Promise<Awaited<ReturnType<typeof drive>>> {
  const bare = await startBareServer();
  onCleanup(async () => bare.stop());
  try {
    const agents = await mapLimit(AGENTS, 10, (i) => connect(bare.url, undefined, { room: `agent:${i}` }));
    const visitors = await mapLimit(VISITORS, 10, (i) => connect(bare.url, undefined, { room: `visitor:${i}` }));
    const clients: Client[] = [
      ...visitors.map((s, v) => ({ socket: s, send: (id: string) => void s.timeout(10_000).emitWithAck('relay', `agent:${v % AGENTS}`, { id }) })),
      ...agents.map((s, a) => {
        const mine = Array.from({ length: VISITORS }, (_, v) => v).filter((v) => v % AGENTS === a);
        let next = 0;
        return { socket: s, send: (id: string) => void s.timeout(10_000).emitWithAck('relay', `visitor:${mine[next++ % mine.length]}`, { id }) };
      }),
    ];
    const result = await drive(clients, SECONDS, (arrived) => {
      for (const s of [...agents, ...visitors]) s.on('relayed', (p: { id: string }) => arrived(p.id));
    });
    for (const s of [...agents, ...visitors]) s.disconnect();
    return result;
  } finally {
    bare.stop();
  }
}

async function bench(server: BenchServer): Promise<void> {
  out('# bench:consult — a message → the other side’s socket, 200 visitors and 20 agents at one message a second each, vs a bare socket.io relay at the same load');
  for (const line of await describeContext(server.databaseUrl)) out(line);
  out(`load: ${VISITORS} visitors, ${AGENTS} agents (${VISITORS / AGENTS} conversations each), one message a second per client for ${SECONDS} s`);
  out();
  // Baseline first, while the server under test is idle.
  const bare = await bareRun();
  const cpu0 = sampleCpu(server.pid, server.databaseName);
  const consult = await consultRun(server);
  const cpu1 = sampleCpu(server.pid, server.databaseName);
  const c: Summary = summarise(consult.result.samples);
  const b: Summary = summarise(bare.samples);
  out('## results');
  out(
    table(
      ['', 'sent', 'arrived', 'p50', 'p99', 'max', 'mean'],
      [
        ['consult: emit → other side’s consult.message', String(consult.result.sent), String(c.count), ms(c.p50), ms(c.p99), ms(c.max), ms(c.mean)],
        ['bare socket.io relay (same load)', String(bare.sent), String(b.count), ms(b.p50), ms(b.p99), ms(b.max), ms(b.mean)],
      ],
    ),
  );
  out(`lost (never arrived): consult ${consult.result.lost}, bare ${bare.lost}; refused or timed-out sends: ${consult.failures}`);
  out(`ratio consult / bare: p50 ${ratio(c.p50 / b.p50)}, p99 ${ratio(c.p99 / b.p99)}`);
  out(formatCpu('cpu during the consult run', cpu0, cpu1, { unit: 'message', count: consult.result.sent }));
  out();
  out(`target: p99 ≤ ${TARGET_P99_MS} ms → ${c.p99 <= TARGET_P99_MS && consult.result.lost === 0 && consult.failures === 0 ? 'MET' : 'NOT MET'} (p99 ${ms(c.p99)})`);
}

runMain(() => withBenchServer(bench));
