import { Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, type EntityTarget, type ObjectLiteral } from 'typeorm';
import type { GuestData, GuestSummary } from '@festival/contracts';
import { CampaignRecipientEntity } from '../campaigns/campaign-recipient.entity.js';
import { DrinkOrderEntity } from '../drinks/drink-order.entity.js';
import { DrinkTabEntity } from '../drinks/drink-tab.entity.js';
import { FeastOrderEntity } from '../feast/feast-order.entity.js';
import { ConsentRecordEntity } from '../privacy/consent-record.entity.js';
import { EmailSuppressionEntity } from '../privacy/email-suppression.entity.js';
import { Suppressions } from '../privacy/suppressions.service.js';
import { PartyOrderEntity } from '../tickets/party-order.entity.js';
import { WaitlistEntryEntity } from '../tickets/waitlist/waitlist-entry.entity.js';
import { toGuestData } from './guest-data.mapper.js';
import { countRows, dbTime, ERASED_DOMAIN, guestKey, readGuestRows } from './guest-records.js';

/** Guests listed for one search at most. */
const MAX_GUESTS = 50;

/** Where a guest's address, name, phone and time are in each table the search reads. */
interface Source {
  entity: EntityTarget<ObjectLiteral>;
  email: string;
  name: string | null;
  phone: string | null;
  at: string;
  /** Rows of the table that are not a guest's address (the suppression list's hashed keys). */
  except?: string;
}

const SOURCES: Source[] = [
  { entity: PartyOrderEntity, email: 'customerEmail', name: 'customerName', phone: 'customerPhone', at: 'createdAt' },
  { entity: FeastOrderEntity, email: 'customerEmail', name: 'customerName', phone: 'customerPhone', at: 'createdAt' },
  { entity: DrinkOrderEntity, email: 'customerEmail', name: 'customerName', phone: 'customerPhone', at: 'createdAt' },
  { entity: DrinkTabEntity, email: 'customerEmail', name: 'customerName', phone: 'customerPhone', at: 'createdAt' },
  { entity: WaitlistEntryEntity, email: 'email', name: 'name', phone: null, at: 'joinedAt' },
  { entity: ConsentRecordEntity, email: 'email', name: null, phone: 'phone', at: 'createdAt' },
  { entity: CampaignRecipientEntity, email: 'email', name: null, phone: null, at: 'sentAt' },
  // An unsubscribed or bounced address that never ordered (an erased guest's row holds only a hash).
  { entity: EmailSuppressionEntity, email: 'email', name: null, phone: null, at: 'createdAt', except: "r.email LIKE 'sha256:%'" },
];

/** A column with the usual phone punctuation taken out, so a phone is matched by its digits. */
const digitsOf = (column: string): string =>
  ['-', ' ', '(', ')', '+', '.', '/'].reduce((sql, char) => `REPLACE(${sql}, '${char}', '')`, column);

const iso = (value: unknown): string | null => dbTime(value)?.toISOString() ?? null;

/** `/admin/guests` (docs/privacy.md): finding a guest and reading everything held about them. */
@Injectable()
export class GuestsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly suppressions: Suppressions,
  ) {}

  /**
   * Guests whose address contains `q` (any case), or whose phone contains its digits (three or
   * more), gathered by address; most recently seen first. Erased guests are not listed.
   */
  async search(q: string): Promise<GuestSummary[]> {
    const text = q.trim().toLowerCase();
    const digits = text.replace(/\D/g, '');
    const byPhone = digits.length >= 3 && /^[\d\s()+.\-/]+$/.test(text);
    const guests = new Map<string, { names: Set<string>; phones: Set<string>; records: number; lastSeenAt: string | null }>();
    for (const source of SOURCES) {
      const query = this.dataSource
        .createQueryBuilder(source.entity, 'r')
        .select(`LOWER(r.${source.email})`, 'email')
        .addSelect(source.name ? `r.${source.name}` : 'NULL', 'name')
        .addSelect(source.phone ? `r.${source.phone}` : 'NULL', 'phone')
        .addSelect(`r.${source.at}`, 'at')
        .where(`r.${source.email} IS NOT NULL`)
        .andWhere(`LOWER(r.${source.email}) NOT LIKE :erased`, { erased: `%@${ERASED_DOMAIN}` });
      if (source.except) query.andWhere(`NOT (${source.except})`);
      if (byPhone && source.phone) {
        query.andWhere(`(INSTR(LOWER(r.${source.email}), :text) > 0 OR INSTR(${digitsOf(`r.${source.phone}`)}, :digits) > 0)`, {
          text,
          digits,
        });
      } else {
        query.andWhere(`INSTR(LOWER(r.${source.email}), :text) > 0`, { text });
      }
      const rows = await query.limit(500).getRawMany<{ email: string; name: string | null; phone: string | null; at: unknown }>();
      for (const row of rows) {
        const guest = guests.get(row.email) ?? { names: new Set(), phones: new Set(), records: 0, lastSeenAt: null };
        if (row.name) guest.names.add(row.name);
        if (row.phone) guest.phones.add(row.phone);
        guest.records += 1;
        const at = iso(row.at);
        if (at && (!guest.lastSeenAt || at > guest.lastSeenAt)) guest.lastSeenAt = at;
        guests.set(row.email, guest);
      }
    }
    return [...guests.entries()]
      .map(([email, g]) => ({ email, names: [...g.names], phones: [...g.phones], records: g.records, lastSeenAt: g.lastSeenAt }))
      .sort((a, b) => (b.lastSeenAt ?? '').localeCompare(a.lastSeenAt ?? '') || a.email.localeCompare(b.email))
      .slice(0, MAX_GUESTS);
  }

  /** Everything held about the guest of `email`, as the export document; 404 when nothing is. */
  async data(email: string, now = new Date()): Promise<GuestData> {
    const rows = await readGuestRows(this.dataSource.manager, email);
    const suppression = await this.suppressions.reasonFor(guestKey(email));
    if (countRows(rows) === 0 && suppression === null) throw new NotFoundException('No guest with this e-mail address');
    return toGuestData(rows, suppression, now);
  }
}
