import { describe, expect, it, jest } from '@jest/globals';
import type { RoleInput } from '@schoolflow/contracts';
import type { AccessService } from '../../access/domain/access.service.js';
import type { DynamicRoleRunner } from '../../access/domain/dynamic-role-runner.js';
import type { AppException } from '../../infrastructure/http/app-exception.js';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import type { AdminAudit } from '../shared/admin-support.js';
import { RolesController } from './roles.controller.js';
import type { RoleKind, RolesRepository } from './roles.repository.js';

/**
 * The role administration's rules, on a stubbed repository: what is refused and what is written. The SQL itself runs
 * end to end in test/admin/*.e2e-spec.ts.
 */

const me = { userId: 'u-admin', account: 'admin' } as Principal;
const client: ClientInfo = { ip: '127.0.0.1', userAgent: 'spec' };
const ROLE = '00000000-0000-4000-8000-000000000001';
const TYPE = '00000000-0000-4000-8000-000000000002';

function setUp(repo: Partial<RolesRepository>) {
  const audit = { record: jest.fn(async (..._args: unknown[]) => undefined) };
  const access = { invalidateDynamic: jest.fn() };
  const runner = { context: jest.fn(async () => ({})), resolve: jest.fn(async () => ['u1']) };
  const controller = new RolesController(repo as RolesRepository, runner as unknown as DynamicRoleRunner, access as unknown as AccessService, audit as unknown as AdminAudit);
  return { controller, audit, access, runner };
}

async function refusal(p: Promise<unknown>): Promise<[number, string]> {
  const err = (await p.then(() => undefined, (e: unknown) => e)) as AppException | undefined;
  if (!err) throw new Error('not refused');
  return [err.status, err.messageKey];
}

const roleInput = (kind: RoleKind, over: Partial<RoleInput> = {}): RoleInput => ({ id: ROLE, name: '年级组长', code: 'gradeLead', nameEn: 'Grade lead', roleTypeId: TYPE, sql: kind === 'dynamic' ? 'SELECT id AS user_id FROM v_teacher' : '', procedure: '', sort: 1, ...over }) as RoleInput;

describe('RolesController', () => {
  it("refuses a type's kind change while roles have it, and writes nothing", async () => {
    const updateType = jest.fn(async (..._args: unknown[]) => undefined);
    const { controller } = setUp({ typeUse: async () => ({ kind: 'ordinary', roles: 2 }), updateType });
    expect(await refusal(controller.typeSave({ id: TYPE, name: '普通', kind: 'dynamic', remark: '' }, me, client, 'zh'))).toEqual([400, 'roleKindChange']);
    expect(updateType).not.toHaveBeenCalled();
  });

  it('changes a type no role has to the other kind', async () => {
    const updateType = jest.fn(async (..._args: unknown[]) => undefined);
    const { controller } = setUp({ typeUse: async () => ({ kind: 'ordinary', roles: 0 }), updateType });
    await controller.typeSave({ id: TYPE, name: '动态', kind: 'dynamic', remark: '' }, me, client, 'zh');
    expect(updateType).toHaveBeenCalledWith(TYPE, expect.objectContaining({ kind: 'dynamic' }));
  });

  it('refuses deleting a type roles have, and a built-in role', async () => {
    const deleteType = jest.fn(async (..._args: unknown[]) => undefined);
    const deleteRoles = jest.fn(async (..._args: unknown[]) => undefined);
    const { controller } = setUp({ rolesOfType: async () => 1, deleteType, anyBuiltIn: async () => true, deleteRoles });
    expect(await refusal(controller.typeDelete({ id: TYPE }, me, client, 'zh'))).toEqual([400, 'roleTypeInUse']);
    expect(await refusal(controller.remove({ ids: [ROLE] }, me, client, 'zh'))).toEqual([400, 'roleBuiltIn']);
    expect(deleteType).not.toHaveBeenCalled();
    expect(deleteRoles).not.toHaveBeenCalled();
  });

  it("keeps a built-in role's code", async () => {
    const updateRole = jest.fn(async (..._args: unknown[]) => undefined);
    const { controller } = setUp({ kindOfType: async () => 'ordinary', nameTaken: async () => false, role: async () => ({ code: 'admin', builtIn: true, kind: 'ordinary' }), updateRole });
    expect(await refusal(controller.save(roleInput('ordinary', { code: 'boss' }), me, client, 'zh'))).toEqual([400, 'roleBuiltInCode']);
    expect(updateRole).not.toHaveBeenCalled();
  });

  it('a role made dynamic loses the users given to it by hand; an ordinary one keeps them', async () => {
    const dropUsers = jest.fn(async (..._args: unknown[]) => undefined);
    const repo = { nameTaken: async () => false, role: async () => ({ code: 'gradeLead', builtIn: false, kind: 'ordinary' as RoleKind }), updateRole: jest.fn(async (..._args: unknown[]) => undefined), dropUsers };
    const dynamic = setUp({ ...repo, kindOfType: async () => 'dynamic' });
    await dynamic.controller.save(roleInput('dynamic'), me, client, 'zh');
    expect(dynamic.runner.resolve).toHaveBeenCalled(); // its SQL checked before it is saved
    expect(dropUsers).toHaveBeenCalledWith(ROLE);
    dropUsers.mockClear();
    await setUp({ ...repo, kindOfType: async () => 'ordinary' }).controller.save(roleInput('ordinary'), me, client, 'zh');
    expect(dropUsers).not.toHaveBeenCalled();
  });

  it('refuses users set by hand on a dynamic role, and grants of a role that is not there', async () => {
    const setUsers = jest.fn(async (..._args: unknown[]) => undefined);
    const { controller } = setUp({ role: async () => ({ code: 'x', builtIn: false, kind: 'dynamic' }), setUsers, replaceGrants: async () => false });
    expect(await refusal(controller.setUsers({ roleId: ROLE, userIds: [] }, me, client, 'zh'))).toEqual([400, 'roleNotOrdinary']);
    expect(setUsers).not.toHaveBeenCalled();
    expect(await refusal(controller.grant({ roleId: ROLE, menuIds: [], permissions: [] }, me, client, 'zh'))).toEqual([404, 'notFound']);
  });
});
