import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The pace of campaign mail across every replica: a sender may start a message only once it
 * has moved `nextSendAt` (milliseconds since the epoch) forward from a moment already past.
 */
@Entity('campaign_send_clock')
export class CampaignSendClockEntity {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  name!: string;

  @Column({ type: 'bigint' })
  nextSendAt!: string | number;
}
