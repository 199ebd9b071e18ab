import { Injectable } from '@nestjs/common';
import { type Language, type LetterClassOption, MESSAGE_WRITE_PERMISSION } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { Principal } from '../../../infrastructure/http/request-context.js';
import { LettersRepository } from '../../domain/letters.repository.js';

/** The classes the compose form's class tab offers: every class to a writer with `message:write`, none to others (they may not write to groups). */
@Injectable()
export class LetterClasses {
  constructor(
    private readonly db: DataSource,
    private readonly letters: LettersRepository,
  ) {}

  async execute(me: Principal, lang: Language): Promise<LetterClassOption[]> {
    if (!me.permissions.has(MESSAGE_WRITE_PERMISSION)) return [];
    return (await this.letters.classes(this.db)).map((c) => ({ id: c.id, name: lang === 'en' && c.name_en ? c.name_en : c.name, grade: c.grade }));
  }
}
