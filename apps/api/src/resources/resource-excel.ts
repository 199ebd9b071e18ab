import { Injectable } from '@nestjs/common';
import { type FieldDef, type ImportRowProblem, type Language, type ResourceDef, type ResourceRecord } from '@schoolflow/contracts';
import { DataSource, type FindOptionsWhere, In } from 'typeorm';
import type { z } from 'zod';
import { xlsxOf } from '../admin/shared/admin-support.js';
import { translate } from '../infrastructure/i18n/i18n.js';
import { RESOURCE_ENTITIES } from './resource-entities.js';
import type { Values } from './resource-plugin.js';
import { ResourceOptions } from './resource-options.js';
import { refusalOf, schemaOf } from './resource.service.js';
import { InfrastructureErrors } from '../infrastructure/infrastructure.errors.js';

/** One spreadsheet column: a field of the record, or a field of its n-th child (guardian 1's mobile). */
interface SheetColumn {
  key: string;
  field: string;
  def: FieldDef;
  child?: { name: string; index: number };
}

const LANGUAGES: readonly Language[] = ['zh', 'en'];
/** At most this many row problems are answered (the count says how many rows are bad). */
const MAX_PROBLEMS = 500;

/**
 * Templates, exports and the checking of an import, from the declaration's `excel` columns (docs/adr/0023). A
 * reference is written and read as the referenced record's key (a classroom's building code, a class's head
 * teacher's account); an enum as its label in either language; a yes/no as 是/否 or Yes/No.
 */
@Injectable()
export class ResourceExcel {
  constructor(
    private readonly db: DataSource,
    private readonly options: ResourceOptions,
  ) {}

  columns(d: ResourceDef): SheetColumn[] {
    const out: SheetColumn[] = [];
    for (const name of d.excel?.columns ?? []) out.push({ key: name, field: name, def: d.fields[name] as FieldDef });
    for (const [name, c] of Object.entries(d.children ?? {})) {
      for (let i = 0; i < c.excelItems; i++) for (const [f, def] of Object.entries(c.fields).filter(([, x]) => !x.readOnly)) out.push({ key: `${name}.${i}.${f}`, field: f, def, child: { name, index: i } });
    }
    return out;
  }

  title(d: ResourceDef, c: SheetColumn, lang: Language): string {
    if (!c.child) return translate(lang, `resource.${d.name}.fields.${c.field}`);
    return translate(lang, `resource.${d.name}.${c.child.name}Column`, { n: c.child.index + 1, field: translate(lang, `resource.${d.name}.${c.child.name}.${c.field}`) });
  }

  template(d: ResourceDef, lang: Language): Buffer {
    return xlsxOf(translate(lang, `resource.${d.name}.title`), this.columns(d).map((c) => ({ key: c.key, title: this.title(d, c, lang) })), []);
  }

  private enumLabel(def: FieldDef, value: unknown, lang: Language): string {
    return value === null || value === undefined || value === '' ? '' : translate(lang, `resource.enums.${def.enumName}.${String(value)}`);
  }

  async export(d: ResourceDef, records: ResourceRecord[], lang: Language): Promise<Buffer> {
    const columns: SheetColumn[] = d.excel ? this.columns(d) : d.list.columns.map((f) => ({ key: f, field: f, def: d.fields[f] as FieldDef }));
    // References by key: one lookup per referenced resource for the whole sheet.
    const keys = new Map<string, Map<string, string>>();
    for (const c of columns) {
      if ((c.def.kind === 'ref' || c.def.kind === 'refs') && c.def.ref && !keys.has(c.field)) {
        const values = records.flatMap((r) => (Array.isArray(r[c.field]) ? (r[c.field] as string[]) : [String(r[c.field] ?? '')]));
        keys.set(c.field, c.def.kind === 'refs' && c.def.ref === 'roles' ? new Map(values.map((v) => [v, v])) : await this.options.keysByValue(c.def.ref, values));
      }
    }
    const yes = translate(lang, 'resource.enums.yes');
    const no = translate(lang, 'resource.enums.no');
    const rows = records.map((r) => {
      const row: Record<string, unknown> = {};
      for (const c of columns) {
        const v = c.child ? ((r[c.child.name] as Values[] | undefined)?.[c.child.index]?.[c.field] ?? '') : r[c.field];
        if (c.def.kind === 'bool') row[c.key] = v === true ? yes : v === false ? no : '';
        else if (c.def.kind === 'enum') row[c.key] = this.enumLabel(c.def, v, lang);
        else if (c.def.kind === 'ref') row[c.key] = v ? (keys.get(c.field)?.get(String(v)) ?? '') : '';
        else if (c.def.kind === 'refs') row[c.key] = Array.isArray(v) ? v.map((x) => keys.get(c.field)?.get(String(x)) ?? String(x)).join(',') : '';
        else row[c.key] = v ?? '';
      }
      return row;
    });
    return xlsxOf(translate(lang, `resource.${d.name}.title`), columns.map((c) => ({ key: c.key, title: this.title(d, c, lang) })), rows);
  }

  /**
   * The column of each header cell (titles in either language; an empty cell is no column), or the template refusal:
   * the first title must be the template's first, and every title one of its columns.
   */
  header(d: ResourceDef, row: readonly string[]): (SheetColumn | null)[] {
    const all = this.columns(d);
    const header = row.map((h) => String(h ?? '').trim());
    const byTitle = new Map<string, SheetColumn>();
    for (const lang of LANGUAGES) for (const c of all) byTitle.set(this.title(d, c, lang), c);
    const first = all[0];
    if (!first || !LANGUAGES.some((l) => this.title(d, first, l) === header[0])) throw InfrastructureErrors.importWrongTemplate();
    const at = header.map((h) => (h === '' ? null : (byTitle.get(h) ?? null)));
    if (header.some((h, i) => h !== '' && at[i] === null)) throw InfrastructureErrors.importWrongTemplate();
    return at;
  }

  /**
   * Reads an import's rows (header first) into checked records, or the problems of every bad row: a wrong template,
   * a cell the declaration refuses, a reference to nothing, a duplicate inside the file or against the database.
   * All or nothing: the caller writes only when there is no problem.
   */
  async check(d: ResourceDef, rows: string[][], lang: Language, onProgress?: (done: number) => Promise<void>): Promise<{ items: Values[]; problems: ImportRowProblem[] }> {
    const all = this.columns(d);
    const at = this.header(d, rows[0] ?? []);
    const data = rows.slice(1).map((cells, i) => ({ line: i + 2, cells })).filter((r) => r.cells.some((c) => String(c ?? '').trim() !== ''));
    if (data.length === 0) throw InfrastructureErrors.importFileEmpty();

    const problems: ImportRowProblem[] = [];
    const badRows = new Set<number>();
    const problem = (line: number, c: SheetColumn | undefined, message: string) => {
      badRows.add(line);
      if (problems.length < MAX_PROBLEMS) problems.push({ row: line, column: c ? this.title(d, c, lang) : '', message });
    };

    // References by key, one lookup per referenced resource.
    const refValues = new Map<string, Map<string, string>>();
    for (const [i, c] of at.entries()) {
      if (!c || (c.def.kind !== 'ref' && c.def.kind !== 'refs') || !c.def.ref || c.child) continue;
      const keys = [...new Set(data.flatMap((r) => String(r.cells[i] ?? '').split(c.def.kind === 'refs' ? /[,，;；\s]+/ : /$^/).map((s) => s.trim()).filter(Boolean)))];
      refValues.set(c.field, await this.options.valuesByKey(c.def.ref, keys));
    }
    const enumValues = (def: FieldDef): Map<string, string> => {
      const m = new Map<string, string>();
      for (const v of def.options ?? []) {
        m.set(v, v);
        for (const l of LANGUAGES) m.set(translate(l, `resource.enums.${def.enumName}.${v}`), v);
      }
      return m;
    };

    const schema = schemaOf(d, 'create') as z.ZodType<Values>;
    const items: { line: number; values: Values }[] = [];
    for (const [n, r] of data.entries()) {
      const body: Values = {};
      let refused = false;
      for (const [i, c] of at.entries()) {
        if (!c) continue;
        const cell = String(r.cells[i] ?? '').trim();
        let value: unknown = cell;
        if (c.def.kind === 'enum' && cell) value = enumValues(c.def).get(cell) ?? cell;
        if (c.def.kind === 'ref' && cell && !c.child) {
          value = refValues.get(c.field)?.get(cell);
          if (value === undefined) {
            problem(r.line, c, translate(lang, 'resource.messages.refNotFound', { field: this.title(d, c, lang), value: cell }));
            refused = true;
          }
        }
        if (c.def.kind === 'refs' && cell && !c.child) {
          const parts = cell.split(/[,，;；\s]+/).filter(Boolean);
          const missing = parts.find((p) => !refValues.get(c.field)?.has(p));
          if (missing) {
            problem(r.line, c, translate(lang, 'resource.messages.refNotFound', { field: this.title(d, c, lang), value: missing }));
            refused = true;
          }
          value = parts.map((p) => refValues.get(c.field)?.get(p) ?? p);
        }
        if (c.child) {
          const list = ((body[c.child.name] as Values[] | undefined) ?? []) as Values[];
          const item = (list[c.child.index] ??= {});
          item[c.field] = value;
          body[c.child.name] = list;
        } else {
          body[c.field] = value;
        }
      }
      // A child whose cells are all empty is no child (a student with one guardian leaves guardian 2 blank).
      for (const name of Object.keys(d.children ?? {})) {
        const list = ((body[name] as (Values | undefined)[] | undefined) ?? []).filter((x): x is Values => Boolean(x) && Object.values(x as Values).some((v) => v !== ''));
        body[name] = list;
      }
      if (refused) continue;
      const parsed = schema.safeParse(body);
      if (!parsed.success) {
        const why = refusalOf(d, parsed.error.issues, lang);
        const path = why.field.split('.');
        const column = path.length === 3 ? all.find((c) => c.child?.name === path[0] && c.child?.index === Number(path[1]) && c.field === path[2]) : all.find((c) => !c.child && c.field === path[0]);
        problem(r.line, column, translate(lang, why.key, why.params));
        continue;
      }
      items.push({ line: r.line, values: parsed.data });
      if (onProgress && n % 500 === 499) await onProgress(n + 1);
    }

    // Duplicates inside the file, then against the database, for every single-field unique key.
    const checkedInFile = new Set<string>();
    // Fix (e2e test/resources/resource-import): two keys on one field (a student number: the student's own key and the
    // account key) reported the same "已被使用" twice for the row; one problem per row and field.
    const takenReported = new Set<string>();
    for (const [constraint, u] of Object.entries(d.unique)) {
      if (u.fields.length !== 1) continue;
      const field = u.fields[0] as string;
      const firstTime = !checkedInFile.has(field);
      checkedInFile.add(field);
      const column = all.find((c) => !c.child && c.field === field);
      const seen = new Map<string, number[]>();
      for (const it of items) {
        const v = it.values[field];
        if (typeof v !== 'string' && typeof v !== 'number') continue;
        if (v === '') continue;
        seen.set(String(v), [...(seen.get(String(v)) ?? []), it.line]);
      }
      for (const [value, lines] of seen) {
        if (lines.length < 2 || !firstTime) continue;
        for (const line of lines) problem(line, column, translate(lang, 'resource.messages.duplicateInFile', { field: column ? this.title(d, column, lang) : field, value, rows: lines.join(', ') }));
      }
      const taken = await this.taken(d, constraint, field, [...seen.keys()]);
      for (const [value, lines] of seen) {
        if (!taken.has(value)) continue;
        for (const line of lines) {
          if (takenReported.has(`${line}:${field}`)) continue;
          takenReported.add(`${line}:${field}`);
          problem(line, column, translate(lang, 'resource.messages.duplicateInDatabase', { field: column ? this.title(d, column, lang) : field, value }));
        }
      }
    }
    problems.sort((a, b) => a.row - b.row);
    return { items: items.filter((it) => !badRows.has(it.line)).map((it) => it.values), problems: badRows.size ? problems : [] };
  }

  /**
   * Which of these values a unique key already holds in the database. A key on accounts (`sys_user_account_key`:
   * a staff member's account, a student's number, which names its account) is looked up among the accounts.
   */
  private async taken(d: ResourceDef, constraint: string, field: string, values: string[]): Promise<Set<string>> {
    const out = new Set<string>();
    const def = d.fields[field];
    for (let i = 0; i < values.length; i += 1000) {
      const chunk = values.slice(i, i + 1000);
      if (constraint.startsWith('sys_user_account')) {
        const rows = await this.db.createQueryBuilder().select('u.account', 'v').from('sys_user', 'u').where('u.account IN (:...chunk)', { chunk }).getRawMany<{ v: string }>();
        for (const r of rows) out.add(r.v);
      } else if (def?.column) {
        const typed: unknown[] = def.kind === 'int' ? chunk.map(Number) : chunk;
        const rows = await this.db.getRepository<Values>(RESOURCE_ENTITIES[d.name]!.write).find({ where: { [field]: In(typed as string[]) } as FindOptionsWhere<Values>, select: { id: true, [field]: true } });
        for (const r of rows) out.add(String(r[field]));
      }
    }
    return out;
  }
}
