import { Brackets, In, type EntityManager, type ObjectLiteral, type SelectQueryBuilder, type EntityTarget } from 'typeorm';
import { secretHash } from '../../common/secrets.js';
import { AnalyticsEventEntity } from '../analytics/analytics-event.entity.js';
import { CampaignRecipientEntity } from '../campaigns/campaign-recipient.entity.js';
import { CampaignEntity } from '../campaigns/campaign.entity.js';
import { DrinkOrderEntity } from '../drinks/drink-order.entity.js';
import { DrinkTabEntity } from '../drinks/drink-tab.entity.js';
import { FeastOrderEntity } from '../feast/feast-order.entity.js';
import { GuestLinkEntity } from '../guest-account/guest-link.entity.js';
import { GuestSessionEntity } from '../guest-account/guest-session.entity.js';
import { KeptCardEntity } from '../kept-cards/kept-card.entity.js';
import { ConsentRecordEntity } from '../privacy/consent-record.entity.js';
import { PartyOrderGuestEntity } from '../tickets/meals/party-order-guest.entity.js';
import { PartyOrderItemEntity } from '../tickets/party-order-item.entity.js';
import { PartyOrderEntity } from '../tickets/party-order.entity.js';
import { WaitlistEntryEntity } from '../tickets/waitlist/waitlist-entry.entity.js';

/** The domain every pseudonymised address is put under: it can never receive mail. */
export const ERASED_DOMAIN = 'erased.invalid';

/** An address as every table is searched by: trimmed and lower-cased. */
export const guestKey = (email: string): string => email.trim().toLowerCase();

/** The hash a guest's sign-in links are found by (guest-account/guest-links.service.ts). */
export const linkEmailHash = (email: string): string => secretHash(`my-tickets\0${guestKey(email)}`);

/** Everything held about one address, as rows (read in one transaction or outside one). */
export interface GuestRows {
  email: string;
  partyOrders: PartyOrderEntity[];
  partyItems: PartyOrderItemEntity[];
  partyGuests: PartyOrderGuestEntity[];
  feastOrders: FeastOrderEntity[];
  drinkOrders: DrinkOrderEntity[];
  drinkTabs: DrinkTabEntity[];
  waitlistEntries: WaitlistEntryEntity[];
  consentRecords: ConsentRecordEntity[];
  campaignSends: { recipient: CampaignRecipientEntity; campaign: string }[];
  keptCards: KeptCardEntity[];
  links: GuestLinkEntity[];
  sessions: GuestSessionEntity[];
  events: AnalyticsEventEntity[];
}

function byEmail<T extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<T>,
  column: string,
  email: string,
): SelectQueryBuilder<T> {
  return manager.createQueryBuilder(entity, 'r').where(`LOWER(r.${column}) = :email`, { email });
}

const ids = <T extends { id: string }>(rows: readonly T[]): string[] => rows.map((r) => r.id);

/** Reads every row held about `email` across the product. */
export async function readGuestRows(manager: EntityManager, rawEmail: string): Promise<GuestRows> {
  const email = guestKey(rawEmail);
  const partyOrders = await byEmail(manager, PartyOrderEntity, 'customerEmail', email).orderBy('r.createdAt', 'ASC').getMany();
  const partyIds = ids(partyOrders);
  const feastOrders = await byEmail(manager, FeastOrderEntity, 'customerEmail', email).orderBy('r.createdAt', 'ASC').getMany();
  const drinkTabs = await byEmail(manager, DrinkTabEntity, 'customerEmail', email).orderBy('r.createdAt', 'ASC').getMany();
  const drinkOrders = await manager
    .createQueryBuilder(DrinkOrderEntity, 'r')
    .where('LOWER(r.customerEmail) = :email', { email })
    .orWhere(drinkTabs.length > 0 ? 'r.tabId IN (:...tabIds)' : '1 = 0', { tabIds: ids(drinkTabs) })
    .orderBy('r.createdAt', 'ASC')
    .getMany();
  const waitlistEntries = await byEmail(manager, WaitlistEntryEntity, 'email', email).orderBy('r.joinedAt', 'ASC').getMany();
  const consentRecords = await byEmail(manager, ConsentRecordEntity, 'email', email).orderBy('r.createdAt', 'ASC').getMany();
  const recipients = await byEmail(manager, CampaignRecipientEntity, 'email', email).orderBy('r.id', 'ASC').getMany();
  const campaigns = recipients.length
    ? await manager.findBy(CampaignEntity, { id: In([...new Set(recipients.map((r) => r.campaignId))]) })
    : [];
  const campaignName = new Map(campaigns.map((c) => [c.id, c.name]));
  const keptCards = await manager
    .createQueryBuilder(KeptCardEntity, 'r')
    .where('LOWER(r.customerEmail) = :email', { email })
    .orWhere(partyIds.length > 0 ? 'r.orderId IN (:...partyIds)' : '1 = 0', { partyIds })
    .getMany();
  const links = await manager
    .createQueryBuilder(GuestLinkEntity, 'r')
    .where('LOWER(r.email) = :email', { email })
    .orWhere('r.emailHash = :hash', { hash: linkEmailHash(email) })
    .orderBy('r.createdAt', 'ASC')
    .getMany();
  const sessions = await byEmail(manager, GuestSessionEntity, 'email', email).orderBy('r.createdAt', 'ASC').getMany();
  const partyItems = partyIds.length ? await manager.findBy(PartyOrderItemEntity, { orderId: In(partyIds) }) : [];
  const partyGuests = partyIds.length
    ? await manager.find(PartyOrderGuestEntity, { where: { orderId: In(partyIds) }, order: { seat: 'ASC' } })
    : [];
  const phones = [...partyOrders, ...feastOrders, ...drinkOrders, ...drinkTabs].map((o) => o.customerPhone);
  const events = await linkedEvents(manager, email, {
    phones: [...new Set([...phones, ...consentRecords.map((c) => c.phone)].filter((p): p is string => Boolean(p) && p !== ERASED_PHONE))],
    entityIds: [...partyIds, ...ids(feastOrders), ...ids(drinkOrders), ...ids(drinkTabs), ...ids(waitlistEntries)],
    sessionIds: [...partyOrders, ...feastOrders].map((o) => o.analyticsSessionId).filter((s): s is string => Boolean(s)),
  });
  return {
    email,
    partyOrders,
    partyItems,
    partyGuests,
    feastOrders,
    drinkOrders,
    drinkTabs,
    waitlistEntries,
    consentRecords,
    campaignSends: recipients.map((recipient) => ({ recipient, campaign: campaignName.get(recipient.campaignId) ?? recipient.campaignId })),
    keptCards,
    links,
    sessions,
    events,
  };
}

/**
 * The analytics events linked to the guest: those that name the address or one of their phone
 * numbers, those about one of
 * the guest's orders, and those of the browsing sessions their orders were placed from
 * (docs/analytics.md: how an event is someone's).
 */
function linkedEvents(
  manager: EntityManager,
  email: string,
  links: { phones: string[]; entityIds: string[]; sessionIds: string[] },
): Promise<AnalyticsEventEntity[]> {
  return manager
    .createQueryBuilder(AnalyticsEventEntity, 'r')
    .where(
      new Brackets((where) => {
        where.where('LOWER(r.userEmail) = :email', { email });
        if (links.phones.length) where.orWhere('r.userPhone IN (:...phones)', { phones: links.phones });
        if (links.entityIds.length) where.orWhere('r.entityId IN (:...entityIds)', { entityIds: links.entityIds });
        if (links.sessionIds.length) where.orWhere('r.sessionId IN (:...sessionIds)', { sessionIds: links.sessionIds });
      }),
    )
    .orderBy('r.createdAt', 'ASC')
    .addOrderBy('r.id', 'ASC')
    .getMany();
}

/** How many rows the guest's page lists. */
export function countRows(rows: GuestRows): number {
  return (
    rows.partyOrders.length +
    rows.feastOrders.length +
    rows.drinkOrders.length +
    rows.drinkTabs.length +
    rows.waitlistEntries.length +
    rows.consentRecords.length +
    rows.campaignSends.length +
    rows.keptCards.length +
    rows.links.length +
    rows.sessions.length +
    rows.events.length
  );
}

/** The distinct phone numbers the guest's own rows hold, as stored. */
export function phonesOf(rows: GuestRows): string[] {
  const phones = [
    ...rows.partyOrders.map((o) => o.customerPhone),
    ...rows.feastOrders.map((o) => o.customerPhone),
    ...rows.drinkOrders.map((o) => o.customerPhone),
    ...rows.drinkTabs.map((o) => o.customerPhone),
    ...rows.consentRecords.map((c) => c.phone),
    ...rows.events.map((e) => e.userPhone),
  ];
  return [...new Set(phones.map((p) => p?.trim() ?? '').filter((p) => p.length >= 3 && p !== ERASED_PHONE))];
}

/** The distinct names the guest's own rows hold. */
export function namesOf(rows: GuestRows): string[] {
  const names = [
    ...rows.partyOrders.map((o) => o.customerName),
    ...rows.feastOrders.map((o) => o.customerName),
    ...rows.drinkOrders.map((o) => o.customerName),
    ...rows.drinkTabs.map((o) => o.customerName),
    ...rows.waitlistEntries.map((w) => w.name),
    ...rows.keptCards.map((k) => k.customerName),
    ...rows.events.map((e) => e.userName),
  ];
  return [...new Set(names.map((n) => n?.trim() ?? '').filter((n) => n.length > 0))];
}

/**
 * A time read raw from either database: a Date (MySQL), or SQLite's `YYYY-MM-DD HH:MM:SS.SSS`,
 * which TypeORM writes in UTC. Null for none.
 */
export function dbTime(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return value;
  const text = String(value);
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text.replace(' ', 'T')}Z`);
}

/** The phone an erased guest's rows hold (the columns take no null). */
export const ERASED_PHONE = 'erased';
