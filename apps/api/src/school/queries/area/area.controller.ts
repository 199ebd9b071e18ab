import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type AreaNode, areaDataSchema, areaListSchema, type Envelope } from '@schoolflow/contracts';
import { AppException } from '../../../infrastructure/http/app-exception.js';
import { ok } from '../../../infrastructure/http/envelope.js';
import { validate } from '../../../infrastructure/http/validate.js';
import { AreaIndex } from './area-index.js';

/** The area picker's calls (platform-shell §7). Any signed-in user may call them. */
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
  getAreaData(@Body() body: unknown): Envelope<AreaNode[]> {
    const q = validate(areaDataSchema, body);
    if (q.parentCode && !this.areas.has(q.parentCode)) throw AppException.notFound('notFound');
    return ok(this.areas.children(q.parentCode));
  }

  @Post('components/getAreaList')
  @HttpCode(200)
  @ApiOperation({ summary: 'Codes from an area up to its province, comma-separated (leaf first)' })
  getAreaList(@Body() body: unknown): Envelope<string> {
    const { code } = validate(areaListSchema, body);
    if (!this.areas.has(code)) throw AppException.notFound('notFound');
    return ok(this.areas.path(code));
  }
}
