import { GUEST_EXPORT_VERSION, type GuestData } from '@festival/contracts';
import type { SuppressionReason } from '../privacy/email-suppression.entity.js';
import type { PartyOrderEntity } from '../tickets/party-order.entity.js';
import type { GuestRows } from './guest-records.js';

const iso = (date: Date | null | undefined): string | null => (date ? new Date(date).toISOString() : null);

function allergensOf(raw: string): string[] {
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}

/** An order's ticket lines: its typed lines, or the adult and child tickets of an order without them. */
function ticketsOf(order: PartyOrderEntity, rows: GuestRows): GuestData['partyOrders'][number]['tickets'] {
  const lines = rows.partyItems.filter((i) => i.orderId === order.id);
  if (lines.length > 0) return lines.map((i) => ({ name: i.name, quantity: i.quantity, unitPriceCents: i.unitPriceCents }));
  return [
    { name: 'Adult', quantity: order.adultTickets, unitPriceCents: order.adultPriceCents },
    { name: 'Child', quantity: order.childTickets, unitPriceCents: order.childPriceCents },
  ].filter((line) => line.quantity > 0);
}

/** The guest's rows as the versioned export document (docs/privacy.md). */
export function toGuestData(rows: GuestRows, suppression: SuppressionReason | null, now: Date): GuestData {
  return {
    version: GUEST_EXPORT_VERSION,
    exportedAt: now.toISOString(),
    email: rows.email,
    suppression,
    partyOrders: rows.partyOrders.map((o) => ({
      id: o.id,
      seasonId: o.eventId,
      status: o.status,
      name: o.customerName,
      email: o.customerEmail,
      phone: o.customerPhone,
      adultTickets: o.adultTickets,
      childTickets: o.childTickets,
      totalCents: o.totalCents,
      refundedCents: o.refundedCents,
      createdAt: iso(o.createdAt),
      paidAt: iso(o.paidAt),
      tickets: ticketsOf(o, rows),
      guests: rows.partyGuests
        .filter((g) => g.orderId === o.id)
        .map((g) => ({ seat: g.seat, name: g.name, meal: g.meal, allergens: allergensOf(g.allergens), note: g.note })),
    })),
    feastOrders: rows.feastOrders.map((o) => ({
      id: o.id,
      seasonId: o.eventId,
      status: o.status,
      name: o.customerName,
      email: o.customerEmail,
      phone: o.customerPhone,
      pickupDate: o.pickupDate,
      pickupTime: o.pickupTime,
      packCount: o.packCount,
      totalCents: o.totalCents,
      refundedCents: o.refundedCents,
      createdAt: iso(o.createdAt),
      paidAt: iso(o.paidAt),
    })),
    drinkOrders: rows.drinkOrders.map((o) => ({
      id: o.id,
      seasonId: o.eventId,
      status: o.status,
      name: o.customerName,
      email: o.customerEmail,
      phone: o.customerPhone,
      tabId: o.tabId,
      totalCents: o.totalCents,
      tipCents: o.tipCents,
      refundedCents: o.refundedCents,
      createdAt: iso(o.createdAt),
    })),
    drinkTabs: rows.drinkTabs.map((t) => ({
      id: t.id,
      seasonId: t.eventId,
      status: t.status,
      name: t.customerName,
      email: t.customerEmail,
      phone: t.customerPhone,
      chargedCents: t.chargedCents,
      refundedCents: t.refundedCents,
      openedAt: iso(t.openedAt),
      closedAt: iso(t.closedAt),
    })),
    waitlistEntries: rows.waitlistEntries.map((w) => ({
      id: w.id,
      seasonId: w.eventId,
      name: w.name,
      email: w.email,
      tickets: w.tickets,
      status: w.status,
      joinedAt: iso(w.joinedAt),
    })),
    consentRecords: rows.consentRecords.map((c) => ({
      agreed: Boolean(c.agreed),
      page: c.page,
      policyVersion: c.policyVersion,
      seasonId: c.seasonId,
      subjectId: c.subjectId,
      createdAt: iso(c.createdAt),
    })),
    campaignSends: rows.campaignSends.map(({ recipient, campaign }) => ({
      campaign,
      status: recipient.status,
      sentAt: iso(recipient.sentAt),
    })),
    keptCards: rows.keptCards.map((k) => ({
      orderId: k.orderId,
      brand: k.brand,
      last4: k.last4,
      createdAt: iso(k.createdAt),
      forgottenAt: iso(k.forgottenAt),
    })),
    signInLinks: rows.links.map((l) => ({ createdAt: iso(l.createdAt), expiresAt: iso(l.expiresAt), usedAt: iso(l.usedAt) })),
    signInSessions: rows.sessions.map((s) => ({ createdAt: iso(s.createdAt), expiresAt: iso(s.expiresAt) })),
    analyticsEvents: rows.events.map((e) => ({
      eventType: e.eventType,
      createdAt: iso(e.createdAt),
      entityId: e.entityId,
      geoCountry: e.geoCountry,
      geoCity: e.geoCity,
      userAgent: e.userAgent,
    })),
  };
}
