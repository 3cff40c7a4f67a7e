import type { Logger } from '@nestjs/common';
import pRetry from 'p-retry';
import { In, IsNull, LessThan, LessThanOrEqual, Not, type FindOptionsOrder, type FindOptionsWhere, type Repository } from 'typeorm';
import { PeriodicTask } from '../../common/periodic-task.js';
import { MailDeliveryError, type MailMessage, type MailQueue, type MailService } from './mail.service.js';

export type EmailStatus = 'none' | 'pending' | 'sending' | 'sent' | 'failed';

/** The columns an order keeps its confirmation e-mail's state in. */
export interface OutboxRow {
  id: string;
  emailStatus: EmailStatus;
  emailAttempts: number;
  emailNextAttemptAt: Date | null;
  emailClaimedAt: Date | null;
  emailLastError: string | null;
}

/** Waits between attempts after a temporary failure; the last one ends in `failed`. */
export const EMAIL_RETRY_DELAYS_MS = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000, 2 * 60 * 60_000];
const SWEEP_EVERY_MS = 15_000;
/**
 * Attempts to record the outcome of a send while the database is out of reach: waits from a
 * quarter of a second growing to two, with jitter, for about a minute in all (left as "sending",
 * the message would wait for STALE_CLAIM_MS).
 */
const RECORD_RETRY = { retries: 40, minTimeout: 250, factor: 2, maxTimeout: 2_000, randomize: true, maxRetryTime: 60_000 } as const;
/** A claim older than this belongs to a sender that died mid-send: the message goes out again. */
const STALE_CLAIM_MS = 10 * 60_000;

export interface MailOutboxOptions<T extends OutboxRow> {
  /** What the log calls the messages (`Pre-order e-mails`). */
  name: string;
  rows: Repository<T>;
  /** The order the due messages go out in (oldest first). */
  order: FindOptionsOrder<T>;
  message: (row: T) => Promise<MailMessage>;
  mail: MailService;
  logger: Logger;
  /** The rows keep `emailSettledAt`: when the message was sent or given up (an order's timeline shows it). */
  stampsSettledAt?: boolean;
}

/**
 * The one e-mail outbox: every message the product sends about an order (party tickets and their
 * refunds, feast pre-orders) is a row's columns, sent by one of these. Sends each row's e-mail
 * once, in the background: whatever happens here, the order it belongs to stands. A row is queued by setting `emailStatus: 'pending'` (in the transaction that makes
 * the order). Each message is claimed with a conditional update (one sender among replicas),
 * retried with backoff on temporary failures, and swept up again after a restart.
 */
export class MailOutbox<T extends OutboxRow> implements MailQueue {
  private readonly task: PeriodicTask;
  /** The metrics' label: the name in snake case (`Pre-order e-mails` is `pre_order_emails`). */
  readonly queueName: string;

  constructor(private readonly options: MailOutboxOptions<T>) {
    this.task = new PeriodicTask(options.name, SWEEP_EVERY_MS, () => this.sendDue(), options.logger);
    this.queueName = options.name
      .toLowerCase()
      .replace(/e-mail/g, 'email')
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_|_$/g, '');
    options.mail.registerQueue(this);
  }

  /** Messages waiting or being sent, and the due time of the oldest (two indexed reads on the status). */
  async backlog(): Promise<{ waiting: number; oldestDueAt: Date | null }> {
    const waiting = this.where({ emailStatus: In(['pending', 'sending']) });
    const count = await this.options.rows.countBy(waiting);
    if (count === 0) return { waiting: 0, oldestDueAt: null };
    const oldest = await this.options.rows.findOne({
      where: this.where({ emailStatus: In(['pending', 'sending']), emailNextAttemptAt: Not(IsNull()) }),
      order: { emailNextAttemptAt: 'ASC' } as FindOptionsOrder<T>,
      select: { id: true, emailNextAttemptAt: true } as never,
    });
    return { waiting: count, oldestDueAt: oldest?.emailNextAttemptAt ?? null };
  }

  start(): void {
    this.task.start({ now: true });
  }

  stop(): Promise<void> {
    return this.task.stop();
  }

  /** Starts a pass over the due messages (or queues one if a pass is running). */
  sendSoon(): void {
    this.task.kick();
  }

  /** Resolves when no pass is running (tests wait on it). */
  idle(): Promise<void> {
    return this.task.idle();
  }

  /** The columns that queue a row's message now, with a fresh set of attempts. */
  static queuedNow(now = new Date()): Omit<OutboxRow, 'id'> {
    return { emailStatus: 'pending', emailAttempts: 0, emailNextAttemptAt: now, emailClaimedAt: null, emailLastError: null };
  }

  private where(criteria: Partial<OutboxRow> | Record<string, unknown>): FindOptionsWhere<T> {
    return criteria as FindOptionsWhere<T>;
  }

  private async sendDue(): Promise<void> {
    const { rows } = this.options;
    const now = new Date();
    await rows.update(this.where({ emailStatus: 'sending', emailClaimedAt: LessThan(new Date(now.getTime() - STALE_CLAIM_MS)) }), {
      emailStatus: 'pending',
    } as never);
    const due = await rows.find({
      where: [
        this.where({ emailStatus: 'pending', emailNextAttemptAt: LessThanOrEqual(now) }),
        this.where({ emailStatus: 'pending', emailNextAttemptAt: IsNull() }),
      ],
      order: this.options.order,
      take: 50,
    });
    for (const row of due) {
      if (this.task.stopped) return;
      const claimed = await rows.update(this.where({ id: row.id, emailStatus: 'pending', emailAttempts: row.emailAttempts }), {
        emailStatus: 'sending',
        emailClaimedAt: new Date(),
      } as never);
      if (!claimed.affected) continue;
      await this.send(row);
    }
  }

  private async send(row: T): Promise<void> {
    const { rows, logger, stampsSettledAt } = this.options;
    const settled = (at: Date | null) => (stampsSettledAt ? { emailSettledAt: at } : {});
    try {
      await this.options.mail.send(await this.options.message(row));
    } catch (error) {
      const attempts = row.emailAttempts + 1;
      const permanent = error instanceof MailDeliveryError && error.permanent;
      const giveUp = permanent || attempts > EMAIL_RETRY_DELAYS_MS.length;
      logger.warn(`${this.options.name}: the message of ${row.id} failed (attempt ${attempts}): ${String(error)}`);
      await this.record(`the failed attempt of ${row.id}`, () =>
        rows.update(this.where({ id: row.id, emailStatus: In(['sending']) }), {
          emailStatus: giveUp ? 'failed' : 'pending',
          emailAttempts: attempts,
          emailLastError: String(error).slice(0, 250),
          emailNextAttemptAt: giveUp ? null : new Date(Date.now() + EMAIL_RETRY_DELAYS_MS[attempts - 1]),
          ...settled(giveUp ? new Date() : null),
        } as never),
      );
      return;
    }
    // Sent: recording it must not fail into the branch above, which would send it again.
    await this.record(`the sent message of ${row.id}`, () =>
      rows.update(this.where({ id: row.id, emailStatus: 'sending' }), {
        emailStatus: 'sent',
        emailLastError: null,
        ...settled(new Date()),
      } as never),
    );
  }

  /** Writes the outcome of a send, trying again while the database is out of reach. */
  private async record(what: string, write: () => Promise<unknown>): Promise<void> {
    try {
      await pRetry(write, { ...RECORD_RETRY, shouldRetry: () => !this.task.stopped });
    } catch (error) {
      this.options.logger.error(`${this.options.name}: could not record ${what}: ${String(error)}`);
    }
  }
}
