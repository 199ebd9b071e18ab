import { AdvisoryLock } from '../../infrastructure/database/advisory-locks.js';
import type { Db } from './dormitory.repository.js';

/**
 * Allocations take turns (docs/adr/0053-dormitories.md#concurrency): the transaction's lock, then each statement reads
 * what the one before committed — so the rooms' free beds and the students without one are counted anew. The rooms'
 * rows are locked too, and the beds' unique keys and the effective-beds trigger stand behind both.
 */
export async function lockAllocations(tx: Db): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock($1)`, [AdvisoryLock.dormitoryAllocation]);
}

/** A unique key broken after all (a bed or a student taken by a writer outside the lock): the caller's conflict. */
export function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string; driverError?: { code?: string } }).code === '23505' || (err as { driverError?: { code?: string } }).driverError?.code === '23505';
}
