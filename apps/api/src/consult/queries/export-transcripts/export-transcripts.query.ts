import { Inject, Injectable, Logger } from '@nestjs/common';
import { type ConsultMessage, type ConsultTranscriptsQuery, formatSchoolTime, type Language, sheetName } from '@schoolflow/contracts';
import type { Writable } from 'node:stream';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import { translate } from '../../../infrastructure/i18n/i18n.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { XlsxStreamWriter } from '../../../infrastructure/spreadsheet/xlsx-stream.js';
import { ConsultAccess } from '../../domain/consult-access.js';
import { type ConversationRow, ConversationsRepository } from '../../domain/conversations.repository.js';

/** Conversations read per page of the export (keyset, newest first): what bounds its memory with the writer's chunk. */
const PAGE = 100;
const COLUMNS = ['started', 'visitor', 'contact', 'state', 'agent', 'closed', 'note', 'seq', 'at', 'sender', 'body'] as const;
const WIDTHS = [20, 14, 18, 10, 12, 20, 24, 6, 20, 12, 60];

/** An export checked and ready to stream. */
export interface PreparedTranscripts {
  fileName: string;
  write(out: Writable): Promise<number>;
}

/**
 * `GET /api/consult/transcripts/export?q=&state=`: the transcripts the search finds, one row per message (the
 * conversation's columns repeated), as an .xlsx streamed with the project's writer (cells escaped, never a formula).
 * System lines in the exporter's language. Logged: a copy of visitors' words leaving the system.
 */
@Injectable()
export class ExportTranscripts {
  private readonly log = new Logger('ConsultExport');

  constructor(
    private readonly db: DataSource,
    private readonly conversations: ConversationsRepository,
    private readonly access: ConsultAccess,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async prepare(f: ConsultTranscriptsQuery, me: Principal, client: ClientInfo, lang: Language): Promise<PreparedTranscripts> {
    await this.access.mayAnswer(me, client, 'consult.export', null);
    const t = (key: string, params?: Record<string, unknown>) => translate(lang, `consult.${key}`, params);
    const time = (d: Date | string | null) => (d ? formatSchoolTime(new Date(d).getTime(), this.config.timeZone) : '');
    const sender = (m: ConsultMessage) => (m.sender === 'visitor' ? t('export.visitor') : m.sender === 'system' ? t('export.system') : (m.agentName ?? ''));
    const body = (m: ConsultMessage) => (m.sender === 'system' ? t(`system.${m.body}`, m.params ?? {}) : m.body);
    return {
      fileName: `${t('export.file')}.xlsx`,
      write: async (out) => {
        let rows = 0;
        try {
          const w = new XlsxStreamWriter(out);
          await w.start(sheetName(t('export.sheet'), new Set(), 'Sheet1'), WIDTHS);
          await w.addRow(COLUMNS.map((c) => t(`export.columns.${c}`)));
          let after: { at: Date; id: string } | null = null;
          for (;;) {
            const page = await this.conversations.exportPage(this.db, f.q, f.state, after, PAGE);
            for (const c of page) {
              const head = [time(c.created_at), c.visitor_name, c.visitor_contact, t(`states.${c.state}`), c.agent_name ?? '', time(c.closed_at), c.close_note];
              for (const m of await this.conversations.messages(this.db, c.id, 0, 100_000)) {
                await w.addRow([...head, m.seq, time(m.at), sender(m), body(m)]);
                rows++;
              }
            }
            if (page.length < PAGE) break;
            const last = page[page.length - 1] as ConversationRow;
            after = { at: last.created_at, id: last.id };
          }
          await w.finish();
        } catch (err) {
          this.log.warn(`transcripts export stopped after ${rows} rows: ${err instanceof Error ? err.message : String(err)}`);
          out.destroy();
          return rows;
        }
        await this.access.record(me, client, 'consult.export', null, { rows, q: f.q, state: f.state ?? null });
        return rows;
      },
    };
  }
}
