import { Injectable, Logger } from '@nestjs/common';
import type { GatewayEvent } from './payment-gateway.js';

type Handler = (event: GatewayEvent) => Promise<void>;

/**
 * Payment events (a payment intent succeeded, a card was saved) reach the features that care,
 * whichever way they came: Stripe's signed webhook, or the simulated gateway. Handlers must be
 * idempotent: the same event may arrive twice, late, or after the browser already confirmed.
 */
@Injectable()
export class PaymentEvents {
  private readonly logger = new Logger(PaymentEvents.name);
  private readonly handlers = new Map<string, Handler[]>();

  on(type: string, handler: Handler): void {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
  }

  /** Runs every handler of the event's type; a failure is thrown so the sender retries. */
  async dispatch(event: GatewayEvent): Promise<void> {
    for (const handler of this.handlers.get(event.type) ?? []) await handler(event);
  }

  /** Delivers an event in the background, as a webhook would, logging a failed delivery. */
  deliverLater(event: GatewayEvent): void {
    setImmediate(() => {
      this.dispatch(event).catch((error: unknown) =>
        this.logger.error(`Payment event ${event.type} ${event.objectId} failed: ${String(error)}`),
      );
    });
  }
}
