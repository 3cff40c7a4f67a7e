import './zod-setup.js';
import type { GuestMeal } from './meals.js';
import { z } from 'zod';
import { valueMessage } from './form-messages.js';
import { MAX_TICKETS_PER_ORDER } from './party.js';

const defineSchema = <T>(build: () => T): T => build();

/*
 * The ticket code of a paid party order (docs/door.md): the order id's 16 bytes followed by the
 * server's Ed25519 signature (64 bytes) of `TICKET_CODE_DOMAIN` + those 16 bytes, written in
 * RFC 4648 base32 without padding. 80 bytes are exactly 128 base32 characters, so every
 * character carries signed bits: a code edited by one character never decodes to a valid one.
 * Read case-insensitively; spaces and dashes (the printed grouping) are ignored.
 *
 * Pure functions without Node's Buffer, so the door page can parse codes in the browser and
 * check the signature with the public key (WebCrypto's Ed25519) while offline.
 */

/** Signed before the order id, so a ticket signature can never be mistaken for another kind. */
export const TICKET_CODE_DOMAIN = 'festival-ticket:v1:';
/** A feast pre-order's pickup code: the same scheme and key, signed in a domain of its own. */
export const PICKUP_CODE_DOMAIN = 'festival-pickup:v1:';
export type CodeDomain = typeof TICKET_CODE_DOMAIN | typeof PICKUP_CODE_DOMAIN;
export const TICKET_CODE_ID_BYTES = 16;
export const TICKET_CODE_SIGNATURE_BYTES = 64;
/** Characters of a ticket code (80 bytes in base32). */
export const TICKET_CODE_LENGTH = ((TICKET_CODE_ID_BYTES + TICKET_CODE_SIGNATURE_BYTES) * 8) / 5;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** RFC 4648 base32, upper case, no padding. */
export function encodeBase32(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32[(buffer << (5 - bits)) & 31];
  return out;
}

/** The bytes of upper-case unpadded base32, or null for any other character or leftover bits. */
export function decodeBase32(text: string): Uint8Array | null {
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of text) {
    const value = BASE32.indexOf(char);
    if (value < 0) return null;
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      out.push((buffer >>> (bits - 8)) & 255);
      bits -= 8;
    }
    buffer &= (1 << bits) - 1;
  }
  // Leftover bits must be zero padding, so each byte string has exactly one spelling.
  if (buffer !== 0) return null;
  return Uint8Array.from(out);
}

/** A code as typed or scanned, without spaces or dashes, in upper case. */
export function normaliseTicketCode(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}

/** The code as printed under the QR: groups of four characters. */
export function formatTicketCode(code: string): string {
  return normaliseTicketCode(code).replace(/(.{4})(?=.)/g, '$1 ');
}

export function uuidToBytes(id: string): Uint8Array | null {
  if (!UUID.test(id)) return null;
  const hex = id.replace(/-/g, '');
  return Uint8Array.from({ length: 16 }, (_, i) => parseInt(hex.slice(i * 2, i * 2 + 2), 16));
}

export function bytesToUuid(bytes: Uint8Array): string {
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The bytes the server signs for an order: the domain, then the order id's 16 bytes. */
export function ticketCodeMessage(idBytes: Uint8Array, codeDomain: CodeDomain = TICKET_CODE_DOMAIN): Uint8Array {
  // The domain is ASCII: its bytes are its character codes (no TextEncoder, which the
  // contracts' ES-only build does not declare).
  const domain = Uint8Array.from(codeDomain, (char) => char.charCodeAt(0));
  const message = new Uint8Array(domain.length + idBytes.length);
  message.set(domain);
  message.set(idBytes, domain.length);
  return message;
}

/** A ticket code from an order id and the signature of `ticketCodeMessage` of it. */
export function buildTicketCode(orderId: string, signature: Uint8Array): string {
  const id = uuidToBytes(orderId);
  if (!id) throw new Error('A ticket code needs an order id that is a UUID');
  if (signature.length !== TICKET_CODE_SIGNATURE_BYTES) throw new Error('An Ed25519 signature has 64 bytes');
  const bytes = new Uint8Array(TICKET_CODE_ID_BYTES + TICKET_CODE_SIGNATURE_BYTES);
  bytes.set(id);
  bytes.set(signature, TICKET_CODE_ID_BYTES);
  return encodeBase32(bytes);
}

export interface ParsedTicketCode {
  orderId: string;
  /** What the signature must verify over (`ticketCodeMessage`). */
  message: Uint8Array;
  signature: Uint8Array;
}

/**
 * The order id and signature a code claims, or null when it is not shaped like a ticket code.
 * The signature is NOT checked here (the server checks it with its key, the door page with the
 * public key).
 */
export function parseTicketCode(input: string, codeDomain: CodeDomain = TICKET_CODE_DOMAIN): ParsedTicketCode | null {
  const code = normaliseTicketCode(input);
  if (code.length !== TICKET_CODE_LENGTH) return null;
  const bytes = decodeBase32(code);
  if (!bytes || bytes.length !== TICKET_CODE_ID_BYTES + TICKET_CODE_SIGNATURE_BYTES) return null;
  const id = bytes.slice(0, TICKET_CODE_ID_BYTES);
  return { orderId: bytesToUuid(id), message: ticketCodeMessage(id, codeDomain), signature: bytes.slice(TICKET_CODE_ID_BYTES) };
}

/** The order's short reference, as on the confirmation and in the e-mail: 8 characters, upper case. */
export const orderReference = (orderId: string): string => orderId.slice(0, 8).toUpperCase();

/**
 * `Admits 3 guests: 2 adults, 1 child`: what an order's ticket code lets in at the door, as the
 * confirmation e-mail and the confirmation step word it.
 */
export function admitsLine(adults: number, children: number, others: readonly OtherTickets[] = []): string {
  const total = adults + children + others.reduce((sum, line) => sum + line.quantity * line.seats, 0);
  return `Admits ${total} ${total === 1 ? 'guest' : 'guests'}: ${ticketLines(adults, children, others)}`;
}

/** An order's tickets of another type (docs/ticket-types.md): `1 VIP Table`, each admitting `seats`. */
export interface OtherTickets {
  name: string;
  quantity: number;
  seats: number;
}

/** An order's tickets as the door, the dashboard and the e-mail write them: `2 adults, 1 child`, `3 children`. */
export function ticketLines(adults: number, children: number, others: readonly Pick<OtherTickets, 'name' | 'quantity'>[] = []): string {
  const parts = [
    adults > 0 && `${adults} ${adults === 1 ? 'adult' : 'adults'}`,
    children > 0 && `${children} ${children === 1 ? 'child' : 'children'}`,
    ...others.filter((line) => line.quantity > 0).map((line) => `${line.quantity} ${line.name}`),
  ].filter(Boolean);
  return parts.join(', ');
}

/** What a scan answers. */
export const CHECK_IN_RESULTS = ['admitted', 'already_checked_in', 'refunded', 'not_paid', 'invalid'] as const;
export type CheckInResult = (typeof CHECK_IN_RESULTS)[number];

/** The texts the door page shows for each result (docs/door.md, "The door page"). */
export const CHECK_IN_RESULT_TEXT: Record<CheckInResult, string> = {
  admitted: 'Admitted',
  already_checked_in: 'Already checked in',
  refunded: 'Refunded',
  not_paid: 'Not paid',
  invalid: 'Not a valid ticket',
};

const ticketCodeField = () => z.string().trim().min(1, 'code is required').max(300, 'code must be at most 300 characters');

/** A client's own id for one admission or redemption, so a retried upload is accepted once. */
const clientIdField = (name: string) =>
  z
    .string()
    .trim()
    .min(8, `${name} must be 8 to 64 characters`)
    .max(64, `${name} must be 8 to 64 characters`)
    .regex(/^[A-Za-z0-9_-]+$/, `${name} may contain only letters, digits, - and _`);

/** `POST /api/admin/check-ins`: admit `guests` of the order (default: everyone left on it). */
export const checkInRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.strictObject({
    code: ticketCodeField(),
    guests: z
      .number()
      .int('guests must be a whole number')
      .min(1, 'guests must be at least 1')
      .max(MAX_TICKETS_PER_ORDER, `guests must be at most ${MAX_TICKETS_PER_ORDER}`)
      .optional(),
    admissionId: clientIdField('admissionId').optional(),
  }),
);
export type CheckInRequest = z.infer<typeof checkInRequestSchema>;

export interface CheckInResponse {
  result: CheckInResult;
  /** The buyer's name; null for a code that is not a valid ticket. */
  customerName: string | null;
  /** The order's short reference (`orderReference`); null for an invalid code. */
  reference: string | null;
  adults: number;
  /** Child tickets (ages 5 to 9). Children under 5 come free, hold no ticket and are not counted. */
  children: number;
  /** Guests of the order admitted so far (after this admission). */
  admitted: number;
  /** Guests this scan admitted: 0 unless the result is `admitted`. */
  entering: number;
  /** Guests the order admits: adults plus children, plus the seats of its other tickets. */
  total: number;
  /** Its valid tickets of other types (`1 VIP Table`, admitting 8); absent when it has none. */
  others?: OtherTickets[];
  /** This admission's time, or, when everyone is in, the last admission's; null otherwise. */
  checkedInAt: string | null;
  /** Who admitted them (`Manager` or the door device's name), with `checkedInAt`. */
  door: string | null;
}

/** `GET /api/admin/check-ins/stats`: `Arrived {arrived} of {sold}`. */
export interface CheckInStats {
  /** Guests admitted, on orders still paid. */
  arrived: number;
  /** Tickets of paid orders (adults plus children). */
  sold: number;
}

/** `POST /api/admin/complimentary-drinks`: redeem `count` of the order's drinks (0 only asks). */
export const complimentaryDrinksRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.strictObject({
    code: ticketCodeField(),
    count: z
      .number()
      .int('count must be a whole number')
      .min(0, 'count cannot be negative')
      .max(MAX_TICKETS_PER_ORDER, `count must be at most ${MAX_TICKETS_PER_ORDER}`),
    redemptionId: clientIdField('redemptionId').optional(),
  }),
);
export type ComplimentaryDrinksRequest = z.infer<typeof complimentaryDrinksRequestSchema>;

export interface ComplimentaryDrinksResponse {
  /** Complimentary drinks the order has left (one per ticketed guest). */
  remaining: number;
}

export const NO_COMPLIMENTARY_DRINKS_LEFT = 'No complimentary drinks left';

/** One paid order in the door's offline snapshot. */
export interface DoorSnapshotOrder {
  orderId: string;
  reference: string;
  customerName: string;
  adults: number;
  children: number;
  /** Its valid tickets of other types; absent when it has none (and in a list cached before there were any). */
  others?: OtherTickets[];
  total: number;
  admitted: number;
  /** The last admission's time and door, when there is one. */
  lastCheckedInAt: string | null;
  lastDoor: string | null;
}

/** `GET /api/admin/door-snapshot`: what the door page needs to verify and admit offline. */
export interface DoorSnapshot {
  generatedAt: string;
  /** The ticket signing key's public half: raw Ed25519 (32 bytes), base64url. */
  publicKey: string;
  keyAlgorithm: 'Ed25519';
  /** `TICKET_CODE_DOMAIN`: signed before the order id's bytes. */
  signedPrefix: string;
  /** Every paid order, by reference. */
  orders: DoorSnapshotOrder[];
}

/** `GET /api/admin/check-ins/search?q=`: at least this many characters. */
export const DOOR_SEARCH_MIN_LENGTH = 2;
/** At most this many orders answer a search. */
export const DOOR_SEARCH_LIMIT = 20;

export const doorSearchQuerySchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    q: z
      .string()
      .trim()
      .min(DOOR_SEARCH_MIN_LENGTH, `Type at least ${DOOR_SEARCH_MIN_LENGTH} characters to search`)
      .max(100, 'q must be at most 100 characters'),
  }),
);

/** One order found by `Search guests`: a paid one carries its code, so the door can admit it. */
export interface DoorSearchResult {
  orderId: string;
  reference: string;
  customerName: string;
  /** The order's state at the door: only `paid` orders can be admitted. */
  status: 'paid' | 'refunded' | 'not_paid';
  adults: number;
  children: number;
  /** Its valid tickets of other types; absent when it has none. */
  others?: OtherTickets[];
  total: number;
  admitted: number;
  /** The ticket code of a paid order (what a scan would read); null otherwise. */
  code: string | null;
  /** Each guest's meal and allergens (docs/meals.md), only when the order has meal rows. */
  meals?: GuestMeal[];
}

export interface DoorSearchResponse {
  results: DoorSearchResult[];
}

/**
 * One admission made by a door page while it was offline, uploaded when the network returned.
 * `code` is the ticket code the phone scanned or was typed (the server verifies its signature and
 * that it is this order's); an admission made from `Search guests` without a scan has none and is
 * identified by `orderId` alone (docs/door.md, "Offline").
 */
export const offlineAdmissionSchema = /* @__PURE__ */ defineSchema(() =>
  z.strictObject({
    admissionId: clientIdField('admissionId'),
    orderId: z.uuid({ error: valueMessage('orderId must be an order id') }),
    code: ticketCodeField().optional(),
    guests: z
      .number()
      .int('guests must be a whole number')
      .min(1, 'guests must be at least 1')
      .max(MAX_TICKETS_PER_ORDER, `guests must be at most ${MAX_TICKETS_PER_ORDER}`),
    /** When the door admitted them, by the device's clock. */
    at: z.iso.datetime({ error: valueMessage('at must be an ISO date and time'), offset: true }),
  }),
);
export type OfflineAdmission = z.infer<typeof offlineAdmissionSchema>;

/** `POST /api/admin/check-ins/offline`: the admissions a door page queued while offline. */
export const offlineCheckInsRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.strictObject({
    admissions: z.array(offlineAdmissionSchema).min(1, 'admissions must not be empty').max(200, 'admissions holds at most 200 at a time'),
  }),
);
export type OfflineCheckInsRequest = z.infer<typeof offlineCheckInsRequestSchema>;

/**
 * What became of one uploaded admission: `recorded` (now, or by an earlier upload of the same
 * id), `conflict` (recorded, but the order now has more guests in than it admits, or it was
 * refunded since: it is listed under `Check-in conflicts`), or `rejected` (nothing kept: a code
 * that is not a valid ticket or not this order's, no such order, an order never paid, an order of
 * another event, or a time outside the party's hours; `message` says which).
 */
export interface OfflineAdmissionResult {
  admissionId: string;
  outcome: 'recorded' | 'conflict' | 'rejected';
  message: string | null;
}

export interface OfflineCheckInsResponse {
  results: OfflineAdmissionResult[];
}

/** One order that two or more doors over-admitted while offline (or admitted after its refund). */
export interface CheckInConflict {
  orderId: string;
  reference: string;
  customerName: string;
  total: number;
  admitted: number;
  /** Why it is listed: `3 of 3 admitted twice over: 6 in` style text. */
  reason: string;
  admissions: { at: string; door: string; guests: number; offline: boolean }[];
}

/** `GET /api/admin/check-ins/conflicts`. */
export interface CheckInConflictsResponse {
  conflicts: CheckInConflict[];
}
