import type { EntityManager } from 'typeorm';

/** Column types that can hold an address or a phone number in text. */
const TEXT_TYPES = new Set(['varchar', 'text', 'simple-json', 'simple-array', 'char', 'mediumtext', 'longtext']);

/**
 * Tables the sweep leaves alone: the suppression list keys an erased address by its hash; the
 * analytics events are the largest table by far, and an erasure deletes every event that names
 * the guest's address or phone, or belongs to their orders or sessions, by its own query
 * (guest-records.ts) instead of searching each of its text columns under the erasure's locks.
 */
const LEFT_ALONE = new Set(['email_suppressions', 'analytics_events']);

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `text` with every case-insensitive occurrence of each `needle` replaced by its stand-in. */
export function replaceAll(text: string, replacements: readonly (readonly [string, string])[]): string {
  let out = text;
  for (const [needle, standIn] of replacements) out = out.replace(new RegExp(escapeRegExp(needle), 'gi'), standIn);
  return out;
}

/**
 * The safety net of an erasure: every text column of every table the API maps is searched for
 * each of the guest's strings (the address, their phone numbers), case-insensitively, and each
 * occurrence is replaced by its stand-in (an activity log entry naming a waitlist address, a
 * payment's metadata, a delivery error quoting the address). Keys are never rewritten. Runs in
 * the erasure's transaction; answers how many rows it changed.
 */
export async function sweepAllTables(manager: EntityManager, replacements: readonly (readonly [string, string])[]): Promise<number> {
  const needles = replacements.map(([needle]) => needle.toLowerCase()).filter((n) => n.length >= 3);
  if (needles.length === 0) return 0;
  const driver = manager.connection.driver;
  let changed = 0;
  for (const meta of manager.connection.entityMetadatas) {
    if (LEFT_ALONE.has(meta.tableName)) continue;
    const keys = meta.primaryColumns.map((c) => c.databaseName);
    const columns = meta.columns.filter((c) => !c.isPrimary && TEXT_TYPES.has(String(c.type))).map((c) => c.databaseName);
    if (columns.length === 0 || keys.length === 0) continue;
    const table = driver.escape(meta.tableName);
    const where = columns.flatMap((c) => needles.map(() => `INSTR(LOWER(${driver.escape(c)}), ?) > 0`)).join(' OR ');
    const parameters = columns.flatMap(() => needles);
    const select = [...keys, ...columns].map((c) => driver.escape(c)).join(', ');
    const rows = (await manager.query(`SELECT ${select} FROM ${table} WHERE ${where}`, parameters)) as Record<string, unknown>[];
    for (const row of rows) {
      const sets: string[] = [];
      const values: unknown[] = [];
      for (const column of columns) {
        const value = row[column];
        if (typeof value !== 'string') continue;
        const next = replaceAll(value, replacements);
        if (next !== value) {
          sets.push(`${driver.escape(column)} = ?`);
          values.push(next);
        }
      }
      if (sets.length === 0) continue;
      const match = keys.map((k) => `${driver.escape(k)} = ?`).join(' AND ');
      await manager.query(`UPDATE ${table} SET ${sets.join(', ')} WHERE ${match}`, [...values, ...keys.map((k) => row[k])]);
      changed += 1;
    }
  }
  return changed;
}
