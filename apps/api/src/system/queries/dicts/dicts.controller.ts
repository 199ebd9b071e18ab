import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import { type DictEntry, dictsSchema, type Envelope } from '@schoolflow/contracts';
import { ok } from '../../../infrastructure/http/envelope.js';
import { ValidBody } from '../../../infrastructure/http/valid-input.js';

/** Dictionary entries by table name: `{typeArr}` → `{[type]: entries}` (published and enabled entries, by sort). */
@ApiTags('system')
@Controller()
export class DictsController {
  constructor(private readonly db: DataSource) {}

  @Post('dicts')
  @HttpCode(200)
  @ApiOperation({ summary: 'Dictionary entries for several dictionary tables' })
  async dicts(@ValidBody(dictsSchema) { typeArr }: z.output<typeof dictsSchema>): Promise<Envelope<Record<string, DictEntry[]>>> {
    const rows: (DictEntry & { dict_type: string })[] = await this.db.query(
      `SELECT dict_type, code, name, name_en AS "nameEn", sort FROM sys_dict WHERE dict_type = ANY($1::text[]) AND enabled AND published ORDER BY dict_type, sort, code`,
      [typeArr],
    );
    const out: Record<string, DictEntry[]> = Object.fromEntries(typeArr.map((t) => [t, []]));
    for (const { dict_type, ...entry } of rows) out[dict_type]?.push(entry);
    return ok(out);
  }
}
