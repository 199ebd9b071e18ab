import { Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type ComposeLetter as ComposeLetterBody,
  type ComposeLetterAnswer,
  composeLetterSchema,
  type Envelope,
  isUuid,
  type Language,
  letterBoxQuerySchema,
  type LetterClassOption,
  type LetterDetail,
  type LetterPage,
  type MessageCounters,
} from '@schoolflow/contracts';
import type { z } from 'zod';
import { ok } from '../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal } from '../infrastructure/http/request-context.js';
import { ValidBody, ValidQuery } from '../infrastructure/http/valid-input.js';
import { ComposeLetter } from './commands/compose-letter/compose-letter.handler.js';
import { TrashLetter } from './commands/trash-letter/trash-letter.handler.js';
import { MessagingErrors } from './messaging.errors.js';
import { LetterBox } from './queries/letter-box/letter-box.query.js';
import { LetterClasses } from './queries/letter-classes/letter-classes.query.js';
import { LetterCounters } from './queries/letter-counters/letter-counters.query.js';
import { LetterDetailQuery } from './queries/letter-detail/letter-detail.query.js';

/** An id in the path: anything that is not one is a message that does not exist. */
const known = (id: string): string => {
  if (!isUuid(id)) throw MessagingErrors.notFound();
  return id;
};

/**
 * Written messages (DESIGN §12, docs/product/messages.md#calls): every signed-in user has the four boxes and may write;
 * whom they may write to is checked by the handler (refusals logged). Registered after the message centre's other
 * controllers: `GET messages/:id` would take their fixed paths (`messages/channels`, …) for an id.
 */
@ApiTags('messages')
@Controller('api/messages')
export class LettersController {
  constructor(
    private readonly composing: ComposeLetter,
    private readonly trashing: TrashLetter,
    private readonly boxes: LetterBox,
    private readonly reading: LetterDetailQuery,
    private readonly counting: LetterCounters,
    private readonly classList: LetterClasses,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Write a message: a draft (draft: true; again with its id) or sent now — as a job with its progress pushed when it reaches more than 200 people' })
  async compose(@ValidBody(composeLetterSchema) body: ComposeLetterBody, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<ComposeLetterAnswer>> {
    return ok(await this.composing.execute(body, me, client));
  }

  @Get()
  @ApiOperation({ summary: 'One page of a box: inbox, sent, draft or trash' })
  async list(@ValidQuery(letterBoxQuerySchema) q: z.output<typeof letterBoxQuerySchema>, @CurrentUser() me: Principal, @Lang() lang: Language): Promise<Envelope<LetterPage>> {
    return ok(await this.boxes.execute(q, me, lang));
  }

  // fixed paths before `:id`
  @Get('counters')
  @ApiOperation({ summary: 'My counters: {unread, total, draft, trash}' })
  async counters(@CurrentUser() me: Principal): Promise<Envelope<MessageCounters>> {
    return ok(await this.counting.execute(me));
  }

  @Get('classes')
  @ApiOperation({ summary: 'The classes a writer with message:write may address (students or parents)' })
  async classes(@CurrentUser() me: Principal, @Lang() lang: Language): Promise<Envelope<LetterClassOption[]>> {
    return ok(await this.classList.execute(me, lang));
  }

  @Get(':id')
  @ApiOperation({ summary: 'One message of mine, whole: a copy I received (marked read) or a letter I wrote' })
  async one(@Param('id') id: string, @CurrentUser() me: Principal, @Lang() lang: Language): Promise<Envelope<LetterDetail>> {
    return ok(await this.reading.execute(known(id), me, lang));
  }

  @Post(':id/trash')
  @HttpCode(200)
  @ApiOperation({ summary: 'Move a message of mine to the trash; answers my counters' })
  async trash(@Param('id') id: string, @CurrentUser() me: Principal): Promise<Envelope<MessageCounters>> {
    return ok(await this.trashing.trash(known(id), me, true));
  }

  @Post(':id/restore')
  @HttpCode(200)
  @ApiOperation({ summary: 'Restore a message of mine from the trash; answers my counters' })
  async restore(@Param('id') id: string, @CurrentUser() me: Principal): Promise<Envelope<MessageCounters>> {
    return ok(await this.trashing.trash(known(id), me, false));
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a message of mine in the trash for good; answers my counters' })
  async remove(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<MessageCounters>> {
    return ok(await this.trashing.purge(known(id), me, client));
  }
}
