import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { type Envelope, type Language, type PickerPerson, type PickerRoleGroup, userAllDataSchema, userDataSchema } from '@schoolflow/contracts';
import { ok } from '../../infrastructure/http/envelope.js';
import { CurrentUser, Lang, type Principal } from '../../infrastructure/http/request-context.js';
import { ValidBody } from '../../infrastructure/http/valid-input.js';
import { AdminPost, str } from '../shared/admin-support.js';
import { PickersRepository } from './pickers.repository.js';
import { directoryScope } from '../../access/domain/directory-scope.js';

/**
 * Pickers (docs/product/shell-and-sign-in.md#people-picker, #area-picker): any signed-in user may call them; the people in them are those the caller may find
 * (`directoryScope`: staff everyone, a student or a parent the staff of their own classes and the school office).
 */
@ApiTags('components')
@Controller()
export class ComponentsController {
  constructor(private readonly pickers: PickersRepository) {}

  @AdminPost('components/getUserAllData')
  async userAll(@ValidBody(userAllDataSchema) input: z.output<typeof userAllDataSchema>, @CurrentUser() me: Principal): Promise<Envelope<{ total: number; rows: PickerPerson[] }>> {
    let search: Record<string, unknown> = {};
    try {
      const parsed: unknown = input.search ? JSON.parse(input.search) : {};
      if (parsed && typeof parsed === 'object') search = parsed as Record<string, unknown>;
    } catch {
      search = { KEYWORD: input.search };
    }
    const type = str(search.USERTYPE);
    return ok(await this.pickers.people({ keyword: str(search.KEYWORD), userType: type || null }, directoryScope(me, 3), input));
  }

  @AdminPost('components/getUserData')
  async users(@ValidBody(userDataSchema) { ids }: z.output<typeof userDataSchema>, @CurrentUser() me: Principal): Promise<Envelope<{ USERID: string; USERNAME: string }[]>> {
    // names only of those the caller may find (else a list of guessed student numbers would name every student)
    const rows = await this.pickers.names(ids, directoryScope(me, 2));
    return ok(rows);
  }

  @AdminPost('components/getRoles')
  async roles(@Lang() lang: Language): Promise<Envelope<PickerRoleGroup[]>> {
    const rows = await this.pickers.roles();
    const groups = new Map<string, PickerRoleGroup>();
    for (const r of rows) {
      const g = groups.get(r.type_id) ?? { CODE: r.type_id, NAME: r.type_name, CHILD: [] };
      g.CHILD.push({ CODE: r.code, NAME: lang === 'en' && r.name_en ? r.name_en : r.name });
      groups.set(r.type_id, g);
    }
    return ok([...groups.values()]);
  }
}
