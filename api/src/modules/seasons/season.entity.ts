import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { MealSettings, SeasonStatus, SiteConfig, TicketSettings } from '@festival/contracts';

/** What a past season keeps of its settings (`events.snapshot`). */
export interface SeasonSnapshot {
  party: SiteConfig['party'];
  tickets: TicketSettings;
  /** The Meals section (docs/meals.md); absent in snapshots taken before meals existed. */
  meals?: MealSettings;
}

/**
 * One season: one year's party (docs/settings.md, Seasons). One season is `on-sale`: the guest
 * pages, new orders, tabs and visits are its. A `past` season is read-only and keeps, in
 * `snapshot`, the site configuration and Tickets section it had when the next one started. The
 * table (`events`), the routes (`/api/admin/events`) and the `eventId` columns and fields keep
 * their first name; in code a season is never called an event (an event is an analytics event).
 */
@Entity('events')
export class SeasonEntity {
  @PrimaryGeneratedColumn('increment', { type: 'integer' })
  id!: number;

  @Column({ type: 'varchar', length: 80 })
  name!: string;

  /** `YYYY-MM-DD`, the party's date in its time zone. */
  @Column({ type: 'varchar', length: 10 })
  date!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: SeasonStatus;

  @Column({ type: 'datetime' })
  createdAt!: Date;

  /** Feast pack pre-orders (docs/feast-packs.md): off unless staff open them. */
  @Column({ type: 'boolean', default: false })
  feastPreordersOpen!: boolean;

  /** A past season's settings as they were (JSON `{ party, tickets }`); null while on sale. */
  @Column({ type: 'text', nullable: true })
  snapshot!: string | null;
}
