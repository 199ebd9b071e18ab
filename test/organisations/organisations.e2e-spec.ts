import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type MyOrganisations, type OrganisationActivity, type OrganisationProfile, type PostPage, resources, type WorkflowCommandResult } from '@schoolflow/contracts';
import type { Browser } from 'playwright-core';
import { call, login, withDb } from '../support/api.js';
import { eventually, launchBrowser, newTestPage, shot, signedIn, tid, waitForPath } from '../support/browser.js';
import { englishPage } from '../support/flow-pages.js';
import { schoolDate, until } from '../support/workflow.js';

/**
 * 学生组织 end to end (docs/product/campus-life.md#organisations, docs/adr/0061-organisations.md) on the shared test
 * server, on bodies of its own made through the resource kit (the demo's are only read): bad input answers the
 * envelope in zh and en and writes nothing; a student asks to join a society → its advisor approves → the membership
 * appears (the flow's effect) and the student is told; a parent's request for the parent committee is refused with a
 * reason and the parent told why; nobody but the advisor decides, and a refusal is logged; a role change keeps the old
 * term; an activity is a post the members receive. In the browser: the student asks in Chinese, the advisor approves in
 * English and sees the new member on the body's page. Its bodies are removed at its end (its join
 * requests stay: they are the event store's).
 */
const zh = resources.zh.organisations;
const en = resources.en.organisations;
const FLOW = 'organisation-join';
const TAG = `${Date.now() % 1_000_000}`;
const who = ['office', 'teacher', 'teacher01', 'student', 'jz202511001'] as const;
type Who = (typeof who)[number];
const tokens = {} as Record<Who, string>;
const users = {} as Record<Who | 'student3', string>;
const bodies = {} as Record<'society' | 'committee' | 'choir', string>;

const userId = (account: string) => withDb(async (c) => (await c.query(`SELECT id FROM sys_user WHERE account = $1`, [account])).rows[0]?.id as string);
const start = (as: Who, json: unknown, lang: 'zh' | 'en' = 'zh') => call<WorkflowCommandResult>(`/api/workflows/${FLOW}`, { token: tokens[as], json, lang });
const act = (as: Who, id: string, json: Record<string, unknown>, lang: 'zh' | 'en' = 'zh') => call<WorkflowCommandResult>(`/api/workflows/${FLOW}/${id}/events`, { token: tokens[as], json, lang });
const profile = async (as: Who, id: string) => (await call<OrganisationProfile>(`/api/organisations/bodies/${id}/profile`, { token: tokens[as] })).body.data as OrganisationProfile;
const members = (as: Who, id: string, json: unknown, lang: 'zh' | 'en' = 'zh') => call<OrganisationProfile>(`/api/organisations/bodies/${id}/members`, { token: tokens[as], json, lang });
const publish = (as: Who, id: string, json: unknown, lang: 'zh' | 'en' = 'zh') => call<OrganisationActivity>(`/api/organisations/bodies/${id}/activities`, { token: tokens[as], json, lang });
/** What this file's bodies hold: requests, terms, activities. */
const written = () =>
  withDb(async (c) => {
    const ids = Object.values(bodies);
    const n = async (sql: string) => Number((await c.query(sql, [ids])).rows[0]?.n);
    return {
      requests: await n(`SELECT count(*) AS n FROM wf_instance WHERE flow = '${FLOW}' AND form->>'bodyId' = ANY($1::text[])`),
      terms: await n(`SELECT count(*) AS n FROM organisation_member WHERE organisation_id = ANY($1::uuid[])`),
      activities: await n(`SELECT count(*) AS n FROM organisation_activity WHERE organisation_id = ANY($1::uuid[])`),
    };
  });
const told = (recipient: string, key: string, organisation: string) =>
  withDb(async (c) => (await c.query(`SELECT params FROM message WHERE recipient_id = $1 AND content_key = $2 AND params->>'organisation' = $3`, [recipient, `messages.${key}.content`, organisation])).rows as { params: Record<string, string> }[]);

beforeAll(async () => {
  await Promise.all(who.map(async (a) => ((tokens[a] = await login(a)), (users[a] = await userId(a)))));
  users.student3 = await userId('202511003');
  const make = async (name: string, kind: string) => {
    const res = await call<{ id: string }>('/api/organisations/bodies', { token: tokens.office, json: { name, kind, advisorId: users.teacher, description: '测试用' } });
    expect(res.body.msg).toBe('新增成功');
    return res.body.data?.id as string;
  };
  bodies.society = await make(`测试文学社${TAG}`, 'society');
  bodies.committee = await make(`测试家委会${TAG}`, 'parentCommittee');
  bodies.choir = await make(`测试合唱团${TAG}`, 'society');
}, 60_000);

// The bodies, their terms and activities go; the join requests stay — each is a stream of the event store, and its
// read-model rows without it would leave the worker's server with streams the read model lacks (a rebuild counts them).
afterAll(async () => {
  await withDb(async (c) => {
    const ids = Object.values(bodies);
    const posts = (await c.query(`SELECT post_id FROM organisation_activity WHERE organisation_id = ANY($1::uuid[])`, [ids])).rows.map((r: { post_id: string }) => r.post_id);
    await c.query(`DELETE FROM post WHERE id = ANY($1::uuid[])`, [posts]);
    await c.query(`DELETE FROM organisation_member WHERE organisation_id = ANY($1::uuid[])`, [ids]);
    await c.query(`DELETE FROM organisation WHERE id = ANY($1::uuid[])`, [ids]);
  });
});

describe('student organisations', () => {
  it('bad input answers the envelope in zh and en and writes nothing; only the advisor manages members', async () => {
    const before = await written();
    const ok = { organisationId: bodies.society, reason: '喜欢读书' };
    const badStarts = [
      [{ ...ok, reason: '  ' }, 400, resources.zh.validation.joinReasonRequired, resources.en.validation.joinReasonRequired],
      [{ ...ok, reason: '长'.repeat(201) }, 400, resources.zh.validation.joinReasonTooLong, resources.en.validation.joinReasonTooLong],
      [{ ...ok, organisationId: 'x' }, 400, resources.zh.validation.organisationRequired, resources.en.validation.organisationRequired],
      [{ ...ok, organisationId: crypto.randomUUID() }, 422, zh.errors.notFound, en.errors.notFound],
      // a student asks for the parent committee
      [{ ...ok, organisationId: bodies.committee }, 403, zh.errors.notForYou, en.errors.notForYou],
    ] as const;
    for (const [json, status, zhMsg, enMsg] of badStarts) {
      for (const [lang, msg] of [['zh', zhMsg], ['en', enMsg]] as const) {
        const res = await start('student', json, lang);
        expect([res.status, res.body.code, res.body.result, res.body.msg]).toEqual([status, status, false, msg]);
      }
    }
    const term = { userId: users.student3, role: 'member', from: schoolDate(0) };
    const badMembers = [
      [{ ...term, role: 'boss' }, 400, zh.validation.roleRequired, en.validation.roleRequired],
      [{ ...term, to: schoolDate(-1) }, 400, zh.validation.endBeforeStart, en.validation.endBeforeStart],
      [{ ...term, userId: crypto.randomUUID() }, 400, zh.errors.personUnknown, en.errors.personUnknown],
      // a parent for a student body
      [{ ...term, userId: users.jz202511001 }, 422, zh.errors.wrongPerson, en.errors.wrongPerson],
    ] as const;
    for (const [json, status, zhMsg, enMsg] of badMembers) {
      for (const [lang, msg] of [['zh', zhMsg], ['en', enMsg]] as const) {
        const res = await members('teacher', bodies.society, json, lang);
        expect([res.status, res.body.result, res.body.msg]).toEqual([status, false, msg]);
      }
    }
    for (const [lang, t] of [['zh', zh], ['en', en]] as const) {
      expect((await publish('teacher', bodies.society, { title: ' ', text: '内容' }, lang)).body.msg).toBe(t.validation.titleRequired);
      // nobody to publish to yet
      expect((await publish('teacher', bodies.society, { title: '读书会', text: '内容' }, lang)).body.msg).toBe(t.errors.noMembers);
      // a student does not manage a body's members; refused and logged
      const refused = await members('student', bodies.society, term, lang);
      expect([refused.status, refused.body.msg]).toEqual([403, t.errors.forbidden]);
    }
    expect(await written()).toEqual(before);
    const logged = await withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM sys_operation_log WHERE account = 'student' AND action = 'organisation.member.add' AND target = $1 AND result = 'failure'`, [bodies.society])).rows[0]?.n);
    expect(logged).toBe(2);
  });

  it('a student asks to join → the advisor approves → the membership appears and the student is told; nobody else decides (logged)', async () => {
    const societyName = `测试文学社${TAG}`;
    const asked = await start('student', { organisationId: bodies.society, reason: '喜欢读书，想参加读书会' });
    expect([asked.status, asked.body.data?.state]).toEqual([200, 'advisorReview']);
    const id = asked.body.data?.id as string;
    // one request at a time; the advisor hears of it
    expect((await start('student', { organisationId: bodies.society, reason: '再申请一次' }, 'en')).body.msg).toBe(en.errors.requestPending);
    expect((await profile('teacher', bodies.society)).pending.map((r) => [r.id, r.reason])).toEqual([[id, '喜欢读书，想参加读书会']]);
    await until(() => told(users.teacher, 'organisationJoinTask', societyName), (rows) => rows.length === 1, 30_000);

    // nobody reviews their own request; another teacher does not see it, the office may not decide it — each refusal logged
    expect((await act('student', id, { type: 'APPROVE' })).status).toBe(403);
    expect((await act('teacher01', id, { type: 'APPROVE' })).status).toBe(404);
    const office = await act('office', id, { type: 'APPROVE' }, 'en');
    expect([office.status, office.body.result]).toEqual([403, false]);
    const denied = await withDb(async (c) => (await c.query(`SELECT account FROM sys_operation_log WHERE action = 'access.denied' AND target = $1 ORDER BY id`, [`POST workflows/${FLOW}/${id}/events`])).rows.map((r: { account: string }) => r.account));
    expect(denied).toEqual(['student', 'teacher01', 'office']);

    expect((await act('teacher', id, { type: 'APPROVE' })).body.data?.state).toBe('approved');
    // the effect writes the membership from the committed approval: a member from today, the request named
    const joined = await until(() => profile('teacher', bodies.society), (p) => p.current.some((t) => t.userId === users.student), 30_000);
    expect(joined.current.find((t) => t.userId === users.student)).toMatchObject({ role: 'member', from: schoolDate(0), to: null, requestId: id, status: 'current' });
    const [message] = await until(() => told(users.student, 'organisationJoinApproved', societyName), (rows) => rows.length === 1, 30_000);
    expect(message?.params).toMatchObject({ actor: '陈老师', organisation: societyName });
    const mine = (await call<MyOrganisations>('/api/organisations/mine', { token: tokens.student })).body.data as MyOrganisations;
    expect(mine.terms.find((t) => t.organisationId === bodies.society)).toMatchObject({ role: 'member', current: true });
    expect((await start('student', { organisationId: bodies.society, reason: '又一次' })).body.msg).toBe(zh.errors.alreadyMember);

    // an activity of the body is a post of the publishing area, received by its members
    const activity = await publish('teacher', bodies.society, { title: `读书分享会${TAG}`, text: '每人准备三分钟发言', place: '图书馆', startAt: `${schoolDate(3)} 15:40` });
    expect([activity.status, activity.body.msg]).toEqual([200, zh.results.published]);
    const inbox = (await call<PostPage>('/api/posts?kind=activity', { token: tokens.student })).body.data as PostPage;
    expect(inbox.list.map((p) => p.title)).toContain(`读书分享会${TAG}`);
    const listed = (await call<OrganisationActivity[]>(`/api/organisations/bodies/${bodies.society}/activities`, { token: tokens.student })).body.data ?? [];
    expect(listed.map((a) => [a.title, a.place, a.readable])).toEqual([[`读书分享会${TAG}`, '图书馆', true]]);
  });

  it('a parent’s request for the parent committee is refused with a reason, and the parent told why', async () => {
    const committee = `测试家委会${TAG}`;
    const asked = await start('jz202511001', { organisationId: bodies.committee, reason: '愿意参与学校膳食管理' });
    expect(asked.status).toBe(200);
    const id = asked.body.data?.id as string;
    const noReason = await act('teacher', id, { type: 'REJECT' }, 'en');
    expect([noReason.status, noReason.body.msg]).toEqual([422, resources.en.workflow.rejectNeedsReason]);
    expect((await act('teacher', id, { type: 'REJECT', comment: '本届名额已满' })).body.data?.state).toBe('rejected');
    const [message] = await until(() => told(users.jz202511001, 'organisationJoinRejected', committee), (rows) => rows.length === 1, 30_000);
    expect(message?.params.reason).toBe('本届名额已满');
    expect((await profile('teacher', bodies.committee)).current).toEqual([]);
  });

  it('a change of role keeps the old term; a term ends on a day', async () => {
    const added = await members('teacher', bodies.society, { userId: users.student3, role: 'member', from: schoolDate(-7) });
    expect([added.status, added.body.msg]).toEqual([200, zh.results.added]);
    const termId = added.body.data?.current.find((t) => t.userId === users.student3)?.id as string;
    // the same person twice at once
    expect((await members('teacher', bodies.society, { userId: users.student3, role: 'member', from: schoolDate(0) }, 'en')).body.msg).toBe(en.errors.overlap);
    const changed = await call<OrganisationProfile>(`/api/organisations/bodies/${bodies.society}/members/${termId}/role`, { token: tokens.teacher, json: { role: 'secretary', from: schoolDate(0) } });
    expect(changed.body.msg).toBe(zh.results.roleChanged);
    const p = changed.body.data as OrganisationProfile;
    expect(p.current.filter((t) => t.userId === users.student3).map((t) => [t.role, t.from, t.to])).toEqual([['secretary', schoolDate(0), null]]);
    expect(p.history.filter((t) => t.userId === users.student3).map((t) => [t.role, t.from, t.to])).toEqual([['member', schoolDate(-7), schoolDate(-1)]]);
    // the old term is history: it does not change again
    const again = await call(`/api/organisations/bodies/${bodies.society}/members/${termId}/role`, { token: tokens.teacher, json: { role: 'chair', from: schoolDate(0) }, lang: 'en' });
    expect([again.status, again.body.msg]).toEqual([422, en.errors.termEnded]);
    const next = p.current.find((t) => t.userId === users.student3)?.id as string;
    const ended = await call<OrganisationProfile>(`/api/organisations/bodies/${bodies.society}/members/${next}/end`, { token: tokens.teacher, json: { to: schoolDate(0) } });
    expect(ended.body.data?.current.find((t) => t.userId === users.student3)).toMatchObject({ to: schoolDate(0) });
  });

  describe('in the browser', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchBrowser();
    }, 120_000);
    afterAll(async () => {
      await browser?.close();
    });

    it('the student asks to join in Chinese; the advisor approves in English and sees the new member', async () => {
      const s = await newTestPage(browser);
      await signedIn(s.page, 'student', `/xszz/wdzz?apply=${bodies.choir}`);
      const form = s.page.locator(tid(`${FLOW}-form`));
      await form.waitFor();
      // the body asked for is chosen already; the reason is required
      await eventually(async () => expect(await s.page.locator(tid(`${FLOW}-organisationId`)).inputValue()).toBe(bodies.choir));
      await s.page.locator(tid(`${FLOW}-submit`)).click();
      expect(await s.page.locator(tid(`${FLOW}-reason-error`)).innerText()).toBe(resources.zh.validation.joinReasonRequired);
      await s.page.locator(tid(`${FLOW}-reason`)).fill('喜欢唱歌');
      await s.page.locator(tid(`${FLOW}-submit`)).click();
      await waitForPath(s.page, '/apply/organisation_join/detail');
      const detail = s.page.locator(tid(`${FLOW}-detail`));
      await detail.waitFor();
      const id = (await detail.getAttribute('data-id')) ?? '';
        await shot(s.page, 'organisations-01-asked-zh');
      expect(s.problems.unexpected()).toEqual([]);
      await s.close();

      // the advisor finds it waiting on the body's page, approves it on the kit's page and comes back to the body
      const e = await englishPage(browser);
      await signedIn(e.page, 'teacher', `/xszz/zzxq?id=${bodies.choir}`);
      await e.page.locator(`${tid(`org-pending-${id}`)} a`).click();
      await waitForPath(e.page, '/apply/organisation_join/detail');
      await e.page.locator(`${tid(`${FLOW}-actions`)} ${tid('action-approve')}`).click();
      await e.page.locator(`${tid('action-modal')} ${tid('action-submit')}`).click();
      await eventually(async () => expect(await e.page.locator(tid(`${FLOW}-detail`)).getAttribute('data-state')).toBe('approved'));
      await e.page.goBack();
      await waitForPath(e.page, '/xszz/zzxq');
      // the page reads again until the effect has written the membership
      const row = e.page.locator(`${tid('org-current')} [data-user="${users.student}"]`);
      await row.waitFor({ timeout: 30_000 });
      expect(await row.innerText()).toContain('Member');
      await shot(e.page, 'organisations-02-member-en');
      expect(e.problems.unexpected()).toEqual([]);
      await e.close();
    });
  });
});
