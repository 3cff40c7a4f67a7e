import { createRequire } from 'node:module';
import { join } from 'node:path';

interface Statement {
  all(...params: unknown[]): unknown[];
  get(...params: unknown[]): unknown;
  run(...params: unknown[]): { changes: number };
}
interface SqliteDatabase {
  prepare(sql: string): Statement;
  close(): void;
}
type DatabaseConstructor = new (path: string, options: { readonly: boolean; fileMustExist: boolean; timeout?: number }) => SqliteDatabase;

export interface SimulatedCharge {
  id: string;
  amountCents: number;
  metadata: Record<string, string>;
}

/**
 * The simulated gateway's record of successful charges (its "card statement"), read from the
 * e2e server's database: what a guest's card was actually charged.
 */
export function succeededCharges(type: string): SimulatedCharge[] {
  const workDir = process.env.E2E_WORK_DIR;
  if (!workDir) throw new Error('E2E_WORK_DIR is not set: the global setup did not run');
  const Database = createRequire(import.meta.url)('better-sqlite3') as DatabaseConstructor;
  const db = new Database(join(workDir, 'e2e.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare("SELECT id, amountCents, metadata FROM simulated_payments WHERE kind = 'payment' AND status = 'succeeded'")
      .all() as {
      id: string;
      amountCents: number;
      metadata: string;
    }[];
    return rows
      .map((r) => ({ id: r.id, amountCents: r.amountCents, metadata: JSON.parse(r.metadata) as Record<string, string> }))
      .filter((c) => c.metadata.type === type);
  } finally {
    db.close();
  }
}

/**
 * Changes what the simulated gateway says it took for a payment, behind the site's back (as if
 * the gateway's records and the site's had drifted apart): what reconciliation must catch.
 */
export function changeChargeAmount(paymentId: string, amountCents: number): void {
  const workDir = process.env.E2E_WORK_DIR;
  if (!workDir) throw new Error('E2E_WORK_DIR is not set: the global setup did not run');
  const Database = createRequire(import.meta.url)('better-sqlite3') as DatabaseConstructor;
  const db = new Database(join(workDir, 'e2e.sqlite'), { readonly: false, fileMustExist: true, timeout: 10_000 });
  try {
    const changed = db
      .prepare("UPDATE simulated_payments SET amountCents = ? WHERE id = ? AND kind = 'payment'")
      .run(amountCents, paymentId);
    if (changed.changes !== 1) throw new Error(`The simulated gateway has no payment ${paymentId}`);
  } finally {
    db.close();
  }
}

/** What the simulated gateway has refunded of a payment, in cents (its own record, not the site's). */
export function gatewayRefundedCents(paymentId: string): number {
  const workDir = process.env.E2E_WORK_DIR;
  if (!workDir) throw new Error('E2E_WORK_DIR is not set: the global setup did not run');
  const Database = createRequire(import.meta.url)('better-sqlite3') as DatabaseConstructor;
  const db = new Database(join(workDir, 'e2e.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare("SELECT refundedCents FROM simulated_payments WHERE id = ? AND kind = 'payment'").get(paymentId) as
      { refundedCents: number } | undefined;
    if (!row) throw new Error(`The simulated gateway has no payment ${paymentId}`);
    return row.refundedCents;
  } finally {
    db.close();
  }
}
