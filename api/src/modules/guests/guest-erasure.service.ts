import { randomBytes } from 'node:crypto';
import { BadRequestException, ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { In, type EntityManager } from 'typeorm';
import { confirmsErasure, GUEST_ERASE_REFUSALS, GUEST_ERASE_WORD, type GuestEraseResponse } from '@festival/contracts';
import { ExclusiveSection } from '../../common/exclusive-section.js';
import { AnalyticsEventEntity } from '../analytics/analytics-event.entity.js';
import { CampaignRecipientEntity } from '../campaigns/campaign-recipient.entity.js';
import { DrinkReceiptEntity } from '../drinks/receipts/drink-receipt.entity.js';
import { DrinkOrderEntity } from '../drinks/drink-order.entity.js';
import { DrinkTabEntity } from '../drinks/drink-tab.entity.js';
import { FeastOrderEntity } from '../feast/feast-order.entity.js';
import { GuestLinkEntity } from '../guest-account/guest-link.entity.js';
import { GuestSessionEntity } from '../guest-account/guest-session.entity.js';
import { KeptCardEntity } from '../kept-cards/kept-card.entity.js';
import { MailService } from '../mail/mail.service.js';
import { PaymentDeclineEntity } from '../payments/payment-decline.entity.js';
import { ConsentRecordEntity } from '../privacy/consent-record.entity.js';
import { Suppressions } from '../privacy/suppressions.service.js';
import { PARTY_LOCK } from '../settings/party-lock.js';
import { ActivityLog } from '../staff/activity-log.service.js';
import type { StaffActor } from '../staff/staff-actor.js';
import { PartyOrderGuestEntity } from '../tickets/meals/party-order-guest.entity.js';
import { PartyOrderEntity } from '../tickets/party-order.entity.js';
import { WaitlistEntryEntity } from '../tickets/waitlist/waitlist-entry.entity.js';
import { ERASED_DOMAIN, ERASED_PHONE, countRows, guestKey, phonesOf, readGuestRows, type GuestRows } from './guest-records.js';
import { sweepAllTables } from './guest-sweep.js';

/** The other locks an erasure holds on MySQL, so no feast hold or tab opens meanwhile. */
const OTHER_LOCKS = ['feast', 'drinks'];

/** What an erasure did, for the caller and the activity log. */
export type ErasureResult = GuestEraseResponse & { email: string };

/**
 * Erases one guest (docs/privacy.md, "Erasure"): their name, address, phone and notes become a
 * pseudonym in every table, their analytics events, consent records, sign-in links and
 * sessions are deleted, their address goes onto the suppression list as its hash, and amounts,
 * dates and order ids stay for the accounts. One transaction; the outbox's copies of their
 * e-mails are deleted once it has committed. The staff's `Erase` and the retention job both
 * come here.
 */
@Injectable()
export class GuestErasure {
  private readonly logger = new Logger(GuestErasure.name);

  constructor(
    private readonly exclusive: ExclusiveSection,
    private readonly suppressions: Suppressions,
    private readonly activity: ActivityLog,
    private readonly mail: MailService,
  ) {}

  /** The staff's `Erase`: refused without the typed confirmation, or while the guest holds something. */
  async eraseConfirmed(email: string, confirmation: string, actor: StaffActor, now = new Date()): Promise<GuestEraseResponse> {
    if (!confirmsErasure(email, confirmation)) {
      throw new BadRequestException(`Type ${GUEST_ERASE_WORD} or the guest's e-mail address to confirm the erasure`);
    }
    const result = await this.erase(email, now, actor);
    if (!result) throw new NotFoundException('No guest with this e-mail address');
    const { email: _erased, ...answer } = result;
    return answer;
  }

  /**
   * Erases the guest of `email`; null when nothing is held about them. `actor` is the staff
   * member, or null for the retention job. An address known only from the suppression list (an
   * unsubscribed or bounced address with no order) is erased too: its row is kept by the
   * address's hash, so it is still never mailed.
   */
  async erase(rawEmail: string, now: Date, actor: StaffActor | null): Promise<ErasureResult | null> {
    const email = guestKey(rawEmail);
    if (email.endsWith(`@${ERASED_DOMAIN}`)) return null;
    const result = await this.exclusive.run(PARTY_LOCK, async (manager) => {
      await this.lockOthers(manager);
      const rows = await readGuestRows(manager, email);
      if (countRows(rows) === 0 && !(await this.suppressions.holdsAddress(email, manager))) return null;
      refuseWhileHolding(rows, now);
      return this.anonymise(manager, rows, now, actor);
    });
    if (result) result.filesDeleted = await this.forgetMail(email);
    return result;
  }

  private async lockOthers(manager: EntityManager): Promise<void> {
    const type = manager.connection.options.type;
    if (type !== 'mysql' && type !== 'mariadb') return;
    await manager.query(
      `SELECT name FROM app_locks WHERE name IN (${OTHER_LOCKS.map(() => '?').join(', ')}) ORDER BY name FOR UPDATE`,
      OTHER_LOCKS,
    );
  }

  private async anonymise(manager: EntityManager, rows: GuestRows, now: Date, actor: StaffActor | null): Promise<ErasureResult> {
    const tag = randomBytes(4).toString('hex');
    const name = `Erased guest ${tag}`;
    const address = `erased-${tag}@${ERASED_DOMAIN}`;
    const phones = phonesOf(rows);
    const partyIds = rows.partyOrders.map((o) => o.id);
    let changed = 0;
    const count = (result: { affected?: number | null }) => (changed += result.affected ?? 0);

    const guest = { customerName: name, customerEmail: address };
    if (partyIds.length) {
      count(
        await manager.update(
          PartyOrderEntity,
          { id: In(partyIds) },
          { ...guest, customerPhone: ERASED_PHONE, clientAddress: null, analyticsSessionId: null, emailLastError: null },
        ),
      );
      count(await manager.update(PartyOrderGuestEntity, { orderId: In(partyIds) }, { name: null, note: null }));
    }
    const feastIds = rows.feastOrders.map((o) => o.id);
    if (feastIds.length) {
      count(
        await manager.update(
          FeastOrderEntity,
          { id: In(feastIds) },
          { ...guest, customerPhone: ERASED_PHONE, clientAddress: null, analyticsSessionId: null, emailLastError: null },
        ),
      );
    }
    const drinkIds = rows.drinkOrders.map((o) => o.id);
    if (drinkIds.length) {
      count(await manager.update(DrinkOrderEntity, { id: In(drinkIds) }, { ...guest, customerPhone: null }));
    }
    const tabIds = rows.drinkTabs.map((t) => t.id);
    if (tabIds.length) {
      count(await manager.update(DrinkTabEntity, { id: In(tabIds) }, { ...guest, customerPhone: null }));
    }
    const receipts = manager.createQueryBuilder().update(DrinkReceiptEntity).set({ email: address, emailLastError: null });
    count(await receipts.where('LOWER(email) = :email', { email: rows.email }).execute());
    const waitlistIds = rows.waitlistEntries.map((w) => w.id);
    if (waitlistIds.length)
      count(await manager.update(WaitlistEntryEntity, { id: In(waitlistIds) }, { name, email: address, emailLastError: null }));
    const recipientIds = rows.campaignSends.map((s) => s.recipient.id);
    if (recipientIds.length)
      count(await manager.update(CampaignRecipientEntity, { id: In(recipientIds) }, { email: address, lastError: null }));
    const cardIds = rows.keptCards.map((k) => k.id);
    if (cardIds.length) count(await manager.update(KeptCardEntity, { id: In(cardIds) }, guest));
    const declines = manager.createQueryBuilder().update(PaymentDeclineEntity).set({ email: address });
    count(await declines.where('LOWER(email) = :email', { email: rows.email }).execute());

    // What only identifies the guest, with nothing the accounts need: deleted.
    const linkIds = rows.links.map((l) => l.id);
    if (linkIds.length) count(await manager.delete(GuestLinkEntity, { id: In(linkIds) }));
    const sessionKeys = rows.sessions.map((s) => s.tokenHash);
    if (sessionKeys.length) count(await manager.delete(GuestSessionEntity, { tokenHash: In(sessionKeys) }));
    const consentIds = rows.consentRecords.map((c) => c.id);
    if (consentIds.length) count(await manager.delete(ConsentRecordEntity, { id: In(consentIds) }));
    const eventIds = rows.events.map((e) => e.id);
    for (let i = 0; i < eventIds.length; i += 500) await manager.delete(AnalyticsEventEntity, { id: In(eventIds.slice(i, i + 500)) });

    await this.suppressions.forgetAddress(rows.email, now, manager);
    changed += await sweepAllTables(manager, [[rows.email, address], ...phones.map((p) => [p, ERASED_PHONE] as const)]);
    const rowsChanged = changed;
    await this.activity.record(
      manager,
      actor,
      {
        action: 'guest.erase',
        object: `Guest ${name}`,
        detail: `${actor ? 'erased by staff' : 'erased by the retention job'}: ${rowsChanged} rows anonymised, ${eventIds.length} analytics events deleted`,
        who: actor ? undefined : 'Retention',
      },
      now,
    );
    return { email: rows.email, pseudonym: name, rowsChanged, eventsDeleted: eventIds.length, filesDeleted: 0 };
  }

  /** Deletes the outbox's copies of the guest's e-mails (the embedded mode's .eml files). */
  private async forgetMail(email: string): Promise<number> {
    try {
      return await this.mail.forgetAddress(email);
    } catch (error) {
      this.logger.error(`Could not delete an erased guest's e-mails from the outbox: ${String(error)}`);
      return 0;
    }
  }
}

/** 409 while the guest holds unpaid tickets or packs, or has a tab open. */
function refuseWhileHolding(rows: GuestRows, now: Date): void {
  const holding = [...rows.partyOrders, ...rows.feastOrders].some(
    (o) => o.status === 'pending' && o.holdExpiresAt !== null && new Date(o.holdExpiresAt).getTime() > now.getTime(),
  );
  if (holding) throw new ConflictException(GUEST_ERASE_REFUSALS.hold);
  if (rows.drinkTabs.some((t) => t.status === 'open' || t.status === 'closing')) throw new ConflictException(GUEST_ERASE_REFUSALS.tab);
}
