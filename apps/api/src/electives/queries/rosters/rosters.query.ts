import { Injectable } from '@nestjs/common';
import { type ElectiveRoster, type Language, sheetName } from '@schoolflow/contracts';
import type { Writable } from 'node:stream';
import { DataSource } from 'typeorm';
import { translate } from '../../../infrastructure/i18n/i18n.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { XlsxStreamWriter } from '../../../infrastructure/spreadsheet/xlsx-stream.js';
import { ElectiveAccess } from '../../domain/elective-access.js';
import { ElectivesRepository } from '../../domain/electives.repository.js';
import { ElectivesErrors } from '../../electives.errors.js';

/**
 * `GET /electives/batches/{id}/rosters` (managers): each course's students; `?format=xlsx` the same as one sheet of an
 * Excel file (course, teacher, student number, name, class, round), the writer escaping formula-looking cells.
 */
@Injectable()
export class Rosters {
  constructor(
    private readonly db: DataSource,
    private readonly electives: ElectivesRepository,
    private readonly access: ElectiveAccess,
  ) {}

  async execute(batchId: string, me: Principal, client: ClientInfo): Promise<ElectiveRoster[]> {
    await this.access.mayManage(me, client, 'elective.rosters', batchId);
    if (!(await this.electives.batch(this.db, batchId))) throw ElectivesErrors.batchNotFound();
    return this.electives.rosters(this.db, batchId);
  }

  async export(batchId: string, me: Principal, client: ClientInfo, lang: Language): Promise<{ fileName: string; write(out: Writable): Promise<void> }> {
    await this.access.mayManage(me, client, 'elective.rosters.export', batchId);
    const b = await this.electives.batch(this.db, batchId);
    if (!b) throw ElectivesErrors.batchNotFound();
    const rosters = await this.electives.rosters(this.db, batchId);
    const t = (k: string) => translate(lang, `electives.export.${k}`);
    return {
      fileName: translate(lang, 'electives.export.file', { name: b.name }),
      write: async (out) => {
        const w = new XlsxStreamWriter(out);
        await w.start(sheetName(b.name, new Set(), 'Sheet1'), [24, 12, 14, 12, 16, 10]);
        await w.addRow([t('course'), t('teacher'), t('studentNo'), t('name'), t('className'), t('round')]);
        for (const r of rosters) {
          for (const s of r.students) await w.addRow([r.courseName, r.teacherName, s.studentNo, s.name, s.className, translate(lang, `electives.rounds.${s.round}`)]);
        }
        await w.finish();
      },
    };
  }
}
