import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { FestivalEventStatus, SiteConfig, TicketSettings } from '@festival/contracts';

/** What a past event keeps of its settings (`events.snapshot`). */
export interface EventSnapshot {
  party: SiteConfig['party'];
  tickets: TicketSettings;
}

/**
 * One party (a season, docs/settings.md). One event is `on-sale`: the guest pages, new orders,
 * tabs and visits are its. A `past` event is read-only and keeps, in `snapshot`, the site
 * configuration and Tickets section it had when the next one started.
 */
@Entity('events')
export class FestivalEventEntity {
  @PrimaryGeneratedColumn('increment', { type: 'integer' })
  id!: number;

  @Column({ type: 'varchar', length: 80 })
  name!: string;

  /** `YYYY-MM-DD`, the party's date in its time zone. */
  @Column({ type: 'varchar', length: 10 })
  date!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: FestivalEventStatus;

  @Column({ type: 'datetime' })
  createdAt!: Date;

  /** Feast pack pre-orders (docs/feast-packs.md): off unless staff open them. */
  @Column({ type: 'boolean', default: false })
  feastPreordersOpen!: boolean;

  /** A past event's settings as they were (JSON `{ party, tickets }`); null while on sale. */
  @Column({ type: 'text', nullable: true })
  snapshot!: string | null;
}
