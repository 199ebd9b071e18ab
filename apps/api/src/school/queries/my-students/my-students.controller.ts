import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Envelope, Language, MyStudent } from '@schoolflow/contracts';
import { ok } from '../../../infrastructure/http/envelope.js';
import { CurrentUser, Lang, type Principal } from '../../../infrastructure/http/request-context.js';
import { MyStudentsRepository } from '../../domain/my-students.repository.js';

/** The students the signed-in user may act for: their own record, and their children. */
@ApiTags('school')
@Controller()
export class MyStudentsController {
  constructor(private readonly students: MyStudentsRepository) {}

  @Get('api/students/mine')
  @ApiOperation({ summary: 'My own student record and my children (for a parent choosing whom a leave is for)' })
  async mine(@CurrentUser() me: Principal, @Lang() lang: Language): Promise<Envelope<MyStudent[]>> {
    return ok(await this.students.of(me.userId, lang));
  }
}
