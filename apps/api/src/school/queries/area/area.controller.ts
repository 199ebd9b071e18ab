import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { type AreaNode, areaDataSchema, areaListSchema, type Envelope } from '@schoolflow/contracts';
import { ok } from '../../../infrastructure/http/envelope.js';
import { ValidBody } from '../../../infrastructure/http/valid-input.js';
import { AreaIndex } from './area-index.js';
import { SchoolErrors } from '../../school.errors.js';

/** The area picker's calls (docs/product/shell-and-sign-in.md#area-picker). Any signed-in user may call them. */
@ApiTags('components')
@Controller()
export class AreaController {
  private index: AreaIndex | undefined;

  /** Built on first use: most requests never need the 200 KB of divisions. */
  private get areas(): AreaIndex {
    this.index ??= new AreaIndex();
    return this.index;
  }

  @Post('components/getAreaData')
  @HttpCode(200)
  @ApiOperation({ summary: 'Areas under parentCode (provinces when empty): [{CODE, NAME, CHILD "1"/"0", LEVNUM}]' })
  getAreaData(@ValidBody(areaDataSchema) q: z.output<typeof areaDataSchema>): Envelope<AreaNode[]> {
    if (q.parentCode && !this.areas.has(q.parentCode)) throw SchoolErrors.areaNotFound();
    return ok(this.areas.children(q.parentCode));
  }

  @Post('components/getAreaList')
  @HttpCode(200)
  @ApiOperation({ summary: 'Codes from an area up to its province, comma-separated (leaf first)' })
  getAreaList(@ValidBody(areaListSchema) { code }: z.output<typeof areaListSchema>): Envelope<string> {
    if (!this.areas.has(code)) throw SchoolErrors.areaNotFound();
    return ok(this.areas.path(code));
  }
}
