import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { In, type EntityTarget, type FindOptionsWhere, type ObjectLiteral } from 'typeorm';
import { ExclusiveSection } from '../../../common/exclusive-section.js';
import { PeriodicTask } from '../../../common/periodic-task.js';
import { HeldOrderCompletion } from './held-order-completion.js';

/** How often lapsed holds are looked for. */
export const LAPSED_HOLDS_EVERY_MS = 60_000;
/**
 * How long after its hold lapsed an order is released: a buyer whose card was being checked as
 * the hold ran out is not cut off mid-payment (a payment that arrives later is a late payment).
 */
export const LAPSED_HOLD_GRACE_MS = 60_000;
/** The most orders of one kind released in one pass (the next pass takes the rest). */
const BATCH = 200;

/** A kind of order that holds stock until `holdExpiresAt` while its buyer pays. */
export interface HoldingKind {
  /** How the log names one: `Order`, `Pre-order`. */
  label: string;
  /** The lock its holds and payments are serialised under. */
  lock: string;
  entity: EntityTarget<ObjectLiteral>;
}

/**
 * Holds that lapsed are released as those a buyer replaced are (docs/RELIABILITY.md, "Late
 * payments"): once a minute, each registered kind's pending orders whose hold ran out more than
 * LAPSED_HOLD_GRACE_MS ago are marked `cancelled` under the kind's lock, and then their payments
 * are cancelled at the gateway, so a card form left open can no longer pay at the old terms.
 * A payment that got through first is judged by the late-payment rule like any other.
 */
@Injectable()
export class LapsedHolds implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(LapsedHolds.name);
  private readonly kinds: HoldingKind[] = [];
  private readonly task = new PeriodicTask('Lapsed holds', LAPSED_HOLDS_EVERY_MS, () => this.release(), this.logger);

  constructor(
    private readonly exclusive: ExclusiveSection,
    private readonly completion: HeldOrderCompletion,
  ) {}

  /** Each kind that holds stock registers as its module starts. */
  register(kind: HoldingKind): void {
    this.kinds.push(kind);
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.task.stop();
  }

  /** One pass at `now`: the orders released, by kind label. */
  async release(now = new Date()): Promise<Record<string, number>> {
    const released: Record<string, number> = {};
    for (const kind of this.kinds) {
      if (this.task.stopped) break;
      released[kind.label] = await this.releaseKind(kind, now);
    }
    return released;
  }

  private async releaseKind(kind: HoldingKind, now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - LAPSED_HOLD_GRACE_MS);
    const lapsed = await this.exclusive.run(kind.lock, async (manager) => {
      const orders = (await manager
        .createQueryBuilder(kind.entity, 'o')
        .select(['o.id', 'o.paymentIntentId'])
        .where("o.status = 'pending' AND o.holdExpiresAt <= :cutoff", { cutoff })
        .orderBy('o.holdExpiresAt', 'ASC')
        .limit(BATCH)
        .getMany()) as { id: string; paymentIntentId: string | null }[];
      if (orders.length === 0) return [];
      await manager.update(kind.entity, { id: In(orders.map((o) => o.id)), status: 'pending' } as FindOptionsWhere<ObjectLiteral>, {
        status: 'cancelled',
      });
      return orders;
    });
    if (lapsed.length > 0) {
      this.logger.log(`${lapsed.length} lapsed ${kind.label.toLowerCase()} hold(s) released`);
      await this.completion.cancelPayments(lapsed.map((o) => o.paymentIntentId));
    }
    return lapsed.length;
  }
}
