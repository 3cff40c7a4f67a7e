import { randomUUID } from 'node:crypto';
import { HttpStatus, Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, MoreThan, type Repository } from 'typeorm';
import { DomainError } from '../../common/domain-error.js';
import { GUEST_REFUSALS } from '../../common/guest-refusals.js';
import { FestivalMetrics, saleKindOf } from '../../common/metrics/festival-metrics.js';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { PaymentDeclineEntity } from './payment-decline.entity.js';
import { PaymentEvents } from './payment-events.service.js';
import { PaymentGateway, type GatewayEvent } from './payment-gateway.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Who starts a payment: the address nginx saw and, when given, the buyer's e-mail. */
export interface PaymentClient {
  address: string;
  email?: string | null;
}

export class TooManyDeclinesError extends DomainError {
  readonly status = HttpStatus.TOO_MANY_REQUESTS;
  override readonly refusal = GUEST_REFUSALS.tooManyDeclines;
  readonly answer = GUEST_REFUSALS.tooManyDeclines.message;

  constructor(client: PaymentClient) {
    super(`Payment refused to ${client.address}: too many declined cards in the last hour`);
    this.name = 'TooManyDeclinesError';
  }
}

/** The metadata keys that carry the client onto a gateway intent, so a decline can be traced back. */
export const CLIENT_ADDRESS_KEY = 'clientAddress';
export const CLIENT_EMAIL_KEY = 'clientEmail';

/**
 * The card-testing defence: every declined card (a `payment_intent.payment_failed` or
 * `setup_intent.setup_failed` event, from Stripe's webhook or the simulated card form) is
 * recorded with the client address and e-mail that started it and logged. A client address or
 * an e-mail with too many declines in the last hour may start no payment (429), and the intent
 * that reached the cap is cancelled, so its client secret cannot be tried again either. Kept in
 * the database: every replica counts the same declines.
 */
@Injectable()
export class PaymentDeclines implements OnModuleInit {
  private readonly logger = new Logger(PaymentDeclines.name);

  constructor(
    @InjectRepository(PaymentDeclineEntity) private readonly declines: Repository<PaymentDeclineEntity>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: PaymentEvents,
    private readonly gateway: PaymentGateway,
    private readonly metrics: FestivalMetrics,
  ) {}

  onModuleInit(): void {
    this.events.on('payment_intent.payment_failed', (event) => this.onDeclined(event, 'payment'));
    this.events.on('setup_intent.setup_failed', (event) => this.onDeclined(event, 'setup'));
  }

  /** The metadata to put on an intent started by this client. */
  static metadataOf(client: PaymentClient): Record<string, string> {
    return { [CLIENT_ADDRESS_KEY]: client.address, ...(client.email ? { [CLIENT_EMAIL_KEY]: client.email.toLowerCase() } : {}) };
  }

  /** Throws TooManyDeclinesError when this client may not start a payment now. */
  async assertMayStart(client: PaymentClient): Promise<void> {
    if (await this.overCap(client)) throw new TooManyDeclinesError(client);
  }

  private async overCap(client: PaymentClient): Promise<boolean> {
    const since = new Date(Date.now() - HOUR_MS);
    const limits = this.config.paymentStarts;
    const byAddress = await this.declines.countBy({ clientAddress: client.address, declinedAt: MoreThan(since) });
    if (byAddress >= limits.declinesPerAddressPerHour) return true;
    if (!client.email) return false;
    const byEmail = await this.declines.countBy({ email: client.email.toLowerCase(), declinedAt: MoreThan(since) });
    return byEmail >= limits.declinesPerEmailPerHour;
  }

  private async onDeclined(event: GatewayEvent, kind: 'payment' | 'setup'): Promise<void> {
    const client: PaymentClient = {
      address: event.metadata[CLIENT_ADDRESS_KEY] ?? 'unknown',
      email: event.metadata[CLIENT_EMAIL_KEY] ?? null,
    };
    const now = new Date();
    // A replayed event (the same gateway event id) was counted the first time.
    if (!event.id || !(await this.declines.existsBy({ id: event.id }))) this.metrics.paymentFailed(saleKindOf(event.metadata.type));
    await this.declines
      .createQueryBuilder()
      .insert()
      .values({
        id: event.id || randomUUID(),
        intentId: event.objectId,
        clientAddress: client.address,
        email: client.email,
        declinedAt: now,
      })
      .orIgnore()
      .execute();
    this.logger.warn(`Card declined on ${event.objectId} (${event.metadata.type ?? kind}) from ${client.address}`);
    if (await this.overCap(client)) {
      this.logger.warn(`Too many declined cards from ${client.address}: ${event.objectId} cancelled, new payments refused for an hour`);
      await this.gateway.cancelIntent(event.objectId, kind);
    }
    await this.declines.delete({ declinedAt: LessThan(new Date(now.getTime() - DAY_MS)) });
  }
}
