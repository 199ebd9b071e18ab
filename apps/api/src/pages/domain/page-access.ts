import { Injectable } from '@nestjs/common';
import { type MenuNode, PAGES_MANAGE_PERMISSION } from '@schoolflow/contracts';
import { AdminAudit, AuditedAccess } from '../../admin/shared/admin-support.js';
import { AccessService } from '../../access/domain/access.service.js';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import { PagesErrors } from '../pages.errors.js';

/** Whether a menu tree carries the page: a node flagged custom (`sfzdy` '1') whose parameter is its id. */
export function menusCarry(menus: readonly MenuNode[], pageId: string): boolean {
  for (const node of menus) {
    let remark: { sfzdy?: unknown; zdycs?: unknown };
    try {
      remark = JSON.parse(node.remark || '{}') as typeof remark;
    } catch {
      remark = {}; // a legacy free-text remark carries nothing
    }
    if ((remark.sfzdy === '1' || remark.sfzdy === true) && remark.zdycs === pageId) return true; // 菜单管理 writes a boolean, legacy data '1'
    if (menusCarry(node.menus ?? [], pageId)) return true;
  }
  return false;
}

/**
 * Who may do what with custom pages, checked on the server (docs/adr/0056-custom-pages.md#access): editors
 * (pages:manage) build, save, publish and delete them and see every one; anyone else sees a published page only when
 * a menu of their roles carries it — the very menus the shell builds its routes from (dynamic roles included). Every
 * change and every refusal goes to the operation log.
 */
@Injectable()
export class PageAccess extends AuditedAccess {
  constructor(
    audit: AdminAudit,
    private readonly access: AccessService,
  ) {
    super(audit);
  }

  edits(me: Principal): boolean {
    return me.permissions.has(PAGES_MANAGE_PERMISSION);
  }

  async mayEdit(me: Principal, client: ClientInfo, action: string, target: string | null): Promise<void> {
    if (this.edits(me)) return;
    throw await this.refuse(me, client, action, target, PagesErrors.forbidden());
  }

  /** A reader who is no editor: the page published and carried by a menu of theirs. */
  async mayView(me: Principal, pageId: string, published: boolean): Promise<boolean> {
    if (this.edits(me)) return true;
    return published && menusCarry(await this.access.menus(me.userId), pageId);
  }
}
