import { ConflictException, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { GatewayEvent } from './payment-gateway.js';

type Handler = (event: GatewayEvent) => Promise<void>;

/**
 * Waits before each new attempt of a background delivery that failed (the database was down,
 * say): about a minute in all, like a webhook sender retrying.
 */
export const EVENT_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000];

/**
 * Payment events (a payment intent succeeded, a card was saved) reach the features that care,
 * whichever way they came: Stripe's signed webhook, or the simulated gateway. Handlers must be
 * idempotent: the same event may arrive twice, late, or after the browser already confirmed.
 */
@Injectable()
export class PaymentEvents implements OnModuleDestroy {
  private readonly logger = new Logger(PaymentEvents.name);
  private readonly handlers = new Map<string, Handler[]>();
  private readonly retries = new Set<NodeJS.Timeout>();
  private stopped = false;

  on(type: string, handler: Handler): void {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
  }

  /**
   * A feature's own events: `handler` gets the gateway object's id (the payment or setup
   * intent) of each `eventType` event whose `metadata.type` is `orderType`. A 409 from the
   * handler (the payment did not succeed, or does not match the order) leaves nothing to do.
   */
  onOrder(orderType: string, eventType: string, handler: (objectId: string, event: GatewayEvent) => Promise<void>): void {
    this.on(eventType, async (event) => {
      if (event.metadata.type !== orderType) return;
      try {
        await handler(event.objectId, event);
      } catch (error) {
        if (!(error instanceof ConflictException)) throw error;
      }
    });
  }

  /** Runs every handler of the event's type; a failure is thrown so the sender retries. */
  async dispatch(event: GatewayEvent): Promise<void> {
    for (const handler of this.handlers.get(event.type) ?? []) await handler(event);
  }

  /**
   * Delivers an event in the background, as a webhook would. A failed delivery is tried again
   * after each of EVENT_RETRY_DELAYS_MS; the last failure is logged as an error.
   */
  deliverLater(event: GatewayEvent, attempt = 0): void {
    const run = () => {
      this.dispatch(event).catch((error: unknown) => {
        const delay = EVENT_RETRY_DELAYS_MS[attempt];
        if (delay === undefined || this.stopped) {
          this.logger.error(`Payment event ${event.type} ${event.objectId} failed, not retried: ${String(error)}`);
          return;
        }
        this.logger.warn(
          `Payment event ${event.type} ${event.objectId} failed (attempt ${attempt + 1}), retrying in ${delay} ms: ${String(error)}`,
        );
        const timer = setTimeout(() => {
          this.retries.delete(timer);
          this.deliverLater(event, attempt + 1);
        }, delay);
        timer.unref();
        this.retries.add(timer);
      });
    };
    if (attempt === 0) setImmediate(run);
    else run();
  }

  onModuleDestroy(): void {
    this.stopped = true;
    for (const timer of this.retries) clearTimeout(timer);
    this.retries.clear();
  }
}
