import { type FieldDef, type FieldKind, nameTable, RESOURCES, type ResourceDef } from '@schoolflow/contracts';
import { EntitySchema, type EntitySchemaColumnOptions } from 'typeorm';

/**
 * TypeORM entity schemas made from the resource declarations (docs/adr/0023): one for the table a resource writes
 * and, when it reads through a view (computed columns), one for the view. No class per resource and no column
 * written twice: the declaration is the model. `synchronize` is off — the migrations own the schema.
 */
const COLUMN_TYPES: Record<FieldKind, EntitySchemaColumnOptions['type']> = {
  text: 'text',
  longText: 'text',
  int: 'int',
  decimal: 'numeric',
  bool: 'boolean',
  date: 'date',
  enum: 'text',
  ref: 'uuid',
  refs: 'text',
  photo: 'uuid',
};

/** numeric arrives from pg as text; the API answers numbers. */
const numeric = { to: (v: unknown) => v, from: (v: unknown) => (v === null || v === undefined ? v : Number(v)) };
/** An enum's values are text, also where the column is a number (a class's grade 1–12). */
const enumText = { to: (v: unknown) => v, from: (v: unknown) => (v === null || v === undefined ? v : String(v)) };

function columnsOf(fields: Record<string, FieldDef>, withComputed: boolean): Record<string, EntitySchemaColumnOptions> {
  const columns: Record<string, EntitySchemaColumnOptions> = { id: { type: 'uuid', primary: true, generated: 'uuid' } };
  for (const [name, f] of Object.entries(fields)) {
    if (!f.column || (f.viewOnly && !withComputed)) continue;
    const type = f.column === 'roles' || f.kind === 'refs' ? 'text' : COLUMN_TYPES[f.kind];
    columns[name] = {
      name: f.column,
      type,
      nullable: true,
      // an int may sit in a numeric column (a repair type's days: a test shortens them below one), answered as a number
      ...(f.kind === 'decimal' || f.kind === 'int' ? { transformer: numeric } : f.kind === 'enum' ? { transformer: enumText } : {}),
      // a list of role codes (staff's roles, a repair type's handling roles) is a text[] column
      ...(f.column === 'roles' || f.kind === 'refs' ? { array: true } : {}),
    };
  }
  return columns;
}

export interface ResourceEntities {
  write: EntitySchema<Record<string, unknown>>;
  read: EntitySchema<Record<string, unknown>>;
  children: Record<string, EntitySchema<Record<string, unknown>>>;
}

function entitiesOf(d: ResourceDef): ResourceEntities {
  const write = new EntitySchema<Record<string, unknown>>({ name: `resource:${d.name}`, tableName: d.table, columns: columnsOf(d.fields, false) });
  // A view also answers the columns only the plugin writes (a staff member's account and roles).
  const readFields = d.view ? { ...d.fields, ...virtualColumns(d) } : d.fields;
  const read = d.view ? new EntitySchema<Record<string, unknown>>({ name: `resource:${d.name}:read`, tableName: d.view, columns: columnsOf(readFields, true) }) : write;
  const children: Record<string, EntitySchema<Record<string, unknown>>> = {};
  for (const [name, c] of Object.entries(d.children ?? {})) {
    const columns = columnsOf(c.fields, false);
    columns.parentId = { name: c.parentColumn, type: 'uuid' };
    if (c.positionColumn) columns.position = { name: c.positionColumn, type: 'int' };
    children[name] = new EntitySchema<Record<string, unknown>>({ name: `resource:${d.name}:${name}`, tableName: c.table, columns });
  }
  return { write, read, children };
}

/** The view of a staff member carries the account's name, state and roles under the virtual fields' names. */
function virtualColumns(d: ResourceDef): Record<string, FieldDef> {
  const out: Record<string, FieldDef> = {};
  for (const [name, f] of Object.entries(d.fields)) if (f.virtual) out[name] = { ...f, column: name === 'roles' ? 'roles' : name };
  return out;
}


export const RESOURCE_ENTITIES: Readonly<Record<string, ResourceEntities>> = nameTable(Object.values(RESOURCES).map((d): [string, ResourceEntities] => [d.name, entitiesOf(d)]));

/** Every schema, for the DataSource. */
export function resourceEntitySchemas(): EntitySchema[] {
  const all = new Set<EntitySchema<Record<string, unknown>>>();
  for (const e of Object.values(RESOURCE_ENTITIES)) {
    all.add(e.write);
    all.add(e.read);
    for (const c of Object.values(e.children)) all.add(c);
  }
  return [...all] as EntitySchema[];
}
