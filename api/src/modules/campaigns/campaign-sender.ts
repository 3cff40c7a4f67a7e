import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { PeriodicTask } from '../../common/periodic-task.js';
import { MailDeliveryError, MailService, type MailMessage } from '../mail/mail.service.js';
import { Suppressions } from '../privacy/suppressions.service.js';
import { CampaignComposer } from './campaign-composer.js';
import { CampaignQueue, type SendingCampaign } from './campaign-queue.js';
import type { CampaignRecipientEntity } from './campaign-recipient.entity.js';

/**
 * How long a claim may stay in `sending` before its sender is taken for dead. Far longer than
 * one SMTP conversation can last with the mail service's timeouts (10 s connect, 10 s greeting,
 * 20 s idle socket).
 */
export const CLAIM_LEASE_MS = 10 * 60_000;
/** How often each sender looks for claims abandoned by a dead one. */
const REAP_EVERY_MS = 60_000;
/** Candidates read per claim; senders start at a random one so they collide less. */
const READY_BATCH = 16;
const MAX_RETRY_DELAY_MS = 6 * 60 * 60_000;

/** Wait before attempt `attempt + 1`: the base, doubled after each attempt, at most 6 hours. */
export function retryDelayMs(attempt: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempt - 1), MAX_RETRY_DELAY_MS);
}

/** A permanent (5xx) refusal of the recipient's address (at `RCPT TO`), not of the message. */
export function isHardBounce(error: unknown): boolean {
  return error instanceof MailDeliveryError && error.permanent && error.command === 'RCPT TO';
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The background sender, one per API process. It works through every `sending` campaign:
 * takes a slot on the shared send clock (the configured rate across all replicas), claims one
 * recipient with a conditional UPDATE, sends, and records the outcome. The database holds all
 * state, so any replica (or a restarted one) carries on where another stopped. It stops on
 * application shutdown after finishing the message in flight.
 */
@Injectable()
export class CampaignSender implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('CampaignSender');
  /** Written into each claim, so a sender only settles its own. */
  readonly id = `${hostname().slice(0, 32)}:${process.pid}:${randomBytes(6).toString('hex')}`;
  private readonly task: PeriodicTask;
  private inFlight: { campaignId: string; done: Promise<void> } | undefined;
  private lastReapAt = 0;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queue: CampaignQueue,
    private readonly composer: CampaignComposer,
    private readonly mail: MailService,
    private readonly suppressions: Suppressions,
  ) {
    this.task = new PeriodicTask('The campaign sender', config.campaigns.pollIntervalMs, () => this.sendWhileReady(), this.logger);
  }

  onApplicationBootstrap(): void {
    this.task.start({ now: true });
  }

  onModuleDestroy(): Promise<void> {
    return this.stop();
  }

  /** Finishes the message in flight, then stops. */
  stop(): Promise<void> {
    return this.task.stop();
  }

  /** Looks for work now rather than at the next poll (a campaign was just started). */
  wake(): void {
    this.task.kick();
  }

  /** Resolves once this process has no message of the campaign in flight. */
  async settle(campaignId: string): Promise<void> {
    const current = this.inFlight;
    if (current?.campaignId === campaignId) await current.done;
  }

  /** One pass: messages one at a time while there are any ready to go. */
  private async sendWhileReady(): Promise<void> {
    while (!this.task.stopped && (await this.step())) {
      // the next message
    }
  }

  /** Sends at most one message. True when there may be more to do right away. */
  private async step(): Promise<boolean> {
    await this.reapAbandonedClaims();
    for (const campaign of await this.queue.sendingCampaigns()) {
      if (this.task.stopped) return false;
      const ready = await this.queue.ready(campaign.id, new Date(), READY_BATCH);
      if (ready.length === 0) {
        if (await this.queue.finishIfDone(campaign.id, new Date())) {
          this.composer.forget(campaign.id);
          this.logger.log(`Campaign ${campaign.id} finished`);
        }
        continue;
      }
      if (!(await this.waitForSendSlot())) return false;
      const recipientId = ready[Math.floor(Math.random() * ready.length)];
      // Tracked from the claim on, so that deleting the campaign can wait for this message.
      const work = this.claimAndDeliver(campaign, recipientId);
      this.inFlight = { campaignId: campaign.id, done: work.then(noop, noop) };
      try {
        await work;
      } finally {
        this.inFlight = undefined;
      }
      return true;
    }
    return false;
  }

  private async claimAndDeliver(campaign: SendingCampaign, recipientId: number): Promise<void> {
    const recipient = await this.queue.claim(recipientId, campaign.id, this.id, new Date());
    // Another sender won it, or the campaign stopped: look again.
    if (!recipient) return;
    const suppressed = await this.suppressions.reasonFor(recipient.email);
    if (suppressed !== null) {
      await this.queue.markSkipped(recipient, this.id, suppressed);
      return;
    }
    let message: MailMessage;
    try {
      message = await this.composer.compose(campaign, recipient.email);
    } catch (error) {
      await this.queue.release(recipient, this.id);
      await this.queue.fail(campaign.id, `The e-mail could not be built: ${describe(error)}`, new Date());
      return;
    }
    let messageId: string;
    try {
      ({ messageId } = await this.mail.send(message));
    } catch (error) {
      await this.recordFailure(recipient, error);
      return;
    }
    // Should this write fail, the claim stays and is later marked failed: never sent twice.
    await this.queue.markSent(recipient, this.id, messageId, new Date());
  }

  private async recordFailure(recipient: CampaignRecipientEntity, error: unknown): Promise<void> {
    const reason = describe(error);
    const permanent = error instanceof MailDeliveryError && error.permanent;
    const { maxAttempts, retryBaseMs } = this.config.campaigns;
    if (!permanent && recipient.attempts < maxAttempts) {
      const at = new Date(Date.now() + retryDelayMs(recipient.attempts, retryBaseMs));
      await this.queue.markForRetry(recipient, this.id, reason, at);
      return;
    }
    await this.queue.markFailed(recipient, this.id, permanent ? reason : `Gave up after ${recipient.attempts} attempts: ${reason}`);
    if (isHardBounce(error)) {
      // The server refused the address itself: no later campaign tries it again.
      await this.suppressions.suppress(recipient.email, 'bounced', new Date(), reason);
      await this.queue.skipAddress(recipient.email, 'bounced');
    }
  }

  private async reapAbandonedClaims(): Promise<void> {
    const now = Date.now();
    if (now - this.lastReapAt < REAP_EVERY_MS) return;
    this.lastReapAt = now;
    const reaped = await this.queue.failAbandonedClaims(new Date(now - CLAIM_LEASE_MS));
    if (reaped > 0) this.logger.warn(`${reaped} recipient(s) left mid-send by a stopped sender marked failed, not re-sent`);
  }

  /** Waits for a slot on the shared send clock; false when stopping. */
  private async waitForSendSlot(): Promise<boolean> {
    const intervalMs = Math.ceil(1000 / this.config.campaigns.ratePerSecond);
    while (!this.task.stopped) {
      const wait = await this.queue.takeSendSlot(Date.now(), intervalMs);
      if (wait === 0) return true;
      // A stop ends the wait early (the sleep rejects with an AbortError).
      await sleep(wait, undefined, { signal: this.task.signal }).catch(() => undefined);
    }
    return false;
  }
}

function noop(): void {}
