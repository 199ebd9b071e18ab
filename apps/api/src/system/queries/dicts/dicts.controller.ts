import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { type DictEntry, dictsSchema, type Envelope } from '@schoolflow/contracts';
import { ok } from '../../../infrastructure/http/envelope.js';
import { ValidBody } from '../../../infrastructure/http/valid-input.js';
import { DictionariesRepository } from '../../domain/dictionaries.repository.js';

/** Dictionary entries by table name: `{typeArr}` → `{[type]: entries}` (published and enabled entries, by sort). */
@ApiTags('system')
@Controller()
export class DictsController {
  constructor(private readonly dictionaries: DictionariesRepository) {}

  @Post('dicts')
  @HttpCode(200)
  @ApiOperation({ summary: 'Dictionary entries for several dictionary tables' })
  async dicts(@ValidBody(dictsSchema) { typeArr }: z.output<typeof dictsSchema>): Promise<Envelope<Record<string, DictEntry[]>>> {
    return ok(await this.dictionaries.published(typeArr));
  }
}
