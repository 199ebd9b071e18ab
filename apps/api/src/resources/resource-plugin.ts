import type { ResourceDef } from '@schoolflow/contracts';
import type { EntityManager, FindOptionsWhere } from 'typeorm';
import type { Principal } from '../infrastructure/http/request-context.js';
import type { PushRow } from '../messaging/domain/outbox.js';

export type Values = Record<string, unknown>;

/**
 * What a resource brings beyond its declaration (docs/adr/0023): only what needs the database — accounts made with a
 * student or a staff member, numbering, the rows a scoped reader may see. Every hook runs inside the write's
 * transaction, so an account and its record are made together or not at all.
 */
export interface ResourcePlugin {
  /**
   * The rows a reader without the resource's read permission may see (a head teacher: their class's students), or
   * null: none. Only for roles the declaration names in `scopedReaders`.
   */
  scope?(me: Principal, tx: EntityManager): Promise<FindOptionsWhere<Values> | null>;
  /** Before a row is inserted or updated: fill what the plugin owns (a generated number, an account id). */
  beforeWrite?(tx: EntityManager, values: Values, mode: 'create' | 'update', id: string | null): Promise<void>;
  /**
   * Before a chunk of new rows is written, after beforeWrite (set-based: an import's thousands of accounts). It may
   * give the items their `id` and fill stored fields (an account id) so that the rows are written once.
   */
  beforeCreateMany?(tx: EntityManager, items: Values[]): Promise<void>;
  /** After a chunk of new rows and their children are written (set-based). */
  afterCreateMany?(tx: EntityManager, items: Values[]): Promise<void>;
  /** After the row and its children are written (creates too, when there is no afterCreateMany). */
  afterWrite?(tx: EntityManager, id: string, values: Values, mode: 'create' | 'update'): Promise<void>;
  /** Before a row is deleted (its accounts are disabled, say). */
  beforeDelete?(tx: EntityManager, id: string): Promise<void>;
  /**
   * Last in a create's or an update's transaction: the messages the record's writing sends (a medium or high health
   * condition's alert to the head teacher), written through the messaging outbox in that same transaction — they exist
   * exactly when the record does, each once by its source key — and answered as pushes, which the kit emits after
   * commit (a push missed live is caught up from the push log).
   */
  notifyInTransaction?(tx: EntityManager, id: string, mode: 'create' | 'update'): Promise<PushRow[]>;
  /** Extra fields answered with one record (a staff member's account). */
  decorate?(tx: EntityManager, rows: Values[]): Promise<void>;
}

export type ResourcePlugins = Readonly<Record<string, ResourcePlugin>>;
export type { ResourceDef };
