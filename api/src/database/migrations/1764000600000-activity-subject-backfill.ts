import { drinkTabReference, orderReference } from '@festival/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How the activity log named an order or a tab before entries carried the row's id, frozen here
 * as they were written (a migration never follows later code): the label's pattern, the actions
 * that used it, and the table of the rows it names.
 *
 * - a party order: `Ticket 1A2B3C4D (Asha Rao)`, its reference (orderReference) and the buyer's
 *   name when the entry was written;
 * - a feast pre-order: `Pre-order 1A2B3C4D`;
 * - a drinks order that reached the bar: `Order #12 (Rohan Das)`, its bar number (one before it
 *   reached the bar, `Order of Rohan Das`, names no single order and keeps no subject);
 * - a drinks tab: `Tab 1A2B3C4D (Rohan Das)`, its reference (drinkTabReference).
 */
const PARTY_LABEL = /^Ticket ([0-9A-F]{8}) \(/;
const FEAST_LABEL = /^Pre-order ([0-9A-F]{8})$/;
const DRINK_ORDER_LABEL = /^Order #(\d+) \(/;
const TAB_LABEL = /^Tab ([0-9A-F]{8}) \(/;

const PARTY_ACTIONS = new Set([
  'check-in',
  'drink.complimentary',
  'ticket.resend',
  'ticket.refund',
  'ticket.cancel',
  'ticket.edit',
  'ticket.comp',
  'ticket.door-sale',
]);
const FEAST_ACTIONS = new Set(['feast.refund', 'feast.cancel', 'feast.resend', 'pickup']);
const DRINK_ORDER_ACTIONS = new Set(['bar.order-status', 'drink.refund']);
const TAB_ACTIONS = new Set(['tab.close', 'tab.settle', 'tab.limit']);

const BATCH = 500;

interface Named {
  id: string;
  name: string;
}

/** The name in a label's brackets, `Asha Rao` of `Ticket 1A2B3C4D (Asha Rao)` (null when it was clipped). */
const nameIn = (object: string, prefixLength: number): string | null => (object.endsWith(')') ? object.slice(prefixLength, -1) : null);

/**
 * The one row a reference names: the only row with that reference, or, when two ids share their
 * first 8 characters, the one whose name the label carries (none if that does not decide it).
 */
function pick(candidates: Named[] | undefined, name: string | null): string | null {
  if (!candidates?.length) return null;
  if (candidates.length === 1) return candidates[0]!.id;
  const named = candidates.filter((c) => c.name === name);
  return named.length === 1 ? named[0]!.id : null;
}

/** Every row of `table` by a key computed from it, read in batches of ids. */
async function rowsByKey(
  runner: QueryRunner,
  table: string,
  columns: string[],
  key: (row: Record<string, unknown>) => string | null,
): Promise<Map<string, Named[]>> {
  const q = (name: string) => runner.connection.driver.escape(name);
  const byKey = new Map<string, Named[]>();
  let after = '';
  for (;;) {
    const rows = (await runner.query(
      `SELECT ${['id', 'customerName', ...columns].map(q).join(', ')} FROM ${q(table)} WHERE ${q('id')} > ? ORDER BY ${q('id')} LIMIT ${BATCH}`,
      [after],
    )) as Record<string, unknown>[];
    for (const row of rows) {
      const k = key(row);
      if (k === null) continue;
      const list = byKey.get(k) ?? [];
      list.push({ id: String(row.id), name: String(row.customerName) });
      byKey.set(k, list);
    }
    if (rows.length < BATCH) return byKey;
    after = String(rows[rows.length - 1]!.id);
  }
}

/**
 * Gives the entries written before the activity log kept its subject (`subjectId` null) the id
 * of the order or tab their label names, so an old order's history is read by its id like a new
 * one's. Reads the rows and the entries in batches, matches labels in JS and updates entries by
 * their ids (the same SQL on SQLite and MariaDB). Entries whose label names no single row keep no
 * subject. Running it again changes nothing. Returns how many entries it gave a subject.
 */
export async function backfillActivitySubjects(runner: QueryRunner): Promise<number> {
  const q = (name: string) => runner.connection.driver.escape(name);
  const party = await rowsByKey(runner, 'party_orders', [], (row) => orderReference(String(row.id)));
  const feast = await rowsByKey(runner, 'feast_orders', [], (row) => orderReference(String(row.id)));
  const drinks = await rowsByKey(runner, 'drink_orders', ['number'], (row) => (row.number == null ? null : String(row.number)));
  const tabs = await rowsByKey(runner, 'drink_tabs', [], (row) => drinkTabReference(String(row.id)));

  const subjectOf = (action: string, object: string): string | null => {
    let match: RegExpExecArray | null;
    if (PARTY_ACTIONS.has(action) && (match = PARTY_LABEL.exec(object))) {
      return pick(party.get(match[1]!), nameIn(object, match[0].length));
    }
    if (FEAST_ACTIONS.has(action) && (match = FEAST_LABEL.exec(object))) return pick(feast.get(match[1]!), null);
    if (DRINK_ORDER_ACTIONS.has(action) && (match = DRINK_ORDER_LABEL.exec(object))) {
      return pick(drinks.get(match[1]!), nameIn(object, match[0].length));
    }
    if (TAB_ACTIONS.has(action) && (match = TAB_LABEL.exec(object))) return pick(tabs.get(match[1]!), nameIn(object, match[0].length));
    return null;
  };

  let given = 0;
  let after = 0;
  for (;;) {
    const entries = (await runner.query(
      `SELECT ${q('id')}, ${q('action')}, ${q('object')} FROM ${q('staff_activity')} WHERE ${q('subjectId')} IS NULL AND ${q('id')} > ? ORDER BY ${q('id')} LIMIT ${BATCH}`,
      [after],
    )) as { id: number | string; action: string; object: string | null }[];
    const bySubject = new Map<string, number[]>();
    for (const entry of entries) {
      const subject = entry.object === null ? null : subjectOf(entry.action, entry.object);
      if (!subject) continue;
      const ids = bySubject.get(subject) ?? [];
      ids.push(Number(entry.id));
      bySubject.set(subject, ids);
    }
    for (const [subject, ids] of bySubject) {
      await runner.query(
        `UPDATE ${q('staff_activity')} SET ${q('subjectId')} = ? WHERE ${q('subjectId')} IS NULL AND ${q('id')} IN (${ids.map(() => '?').join(', ')})`,
        [subject, ...ids],
      );
      given += ids.length;
    }
    if (entries.length < BATCH) return given;
    after = Number(entries[entries.length - 1]!.id);
  }
}

/** The activity log's subject for the entries written before it was kept (see backfillActivitySubjects). */
export class ActivitySubjectBackfill1764000600000 implements MigrationInterface {
  name = 'ActivitySubjectBackfill1764000600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await backfillActivitySubjects(queryRunner);
  }

  /** Nothing to undo: a subject is true of its entry whichever way it was written. */
  async down(): Promise<void> {}
}
