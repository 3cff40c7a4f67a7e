import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An address that asked for no more campaigns; every later campaign skips it. */
@Entity('campaign_unsubscribes')
export class CampaignUnsubscribeEntity {
  @PrimaryColumn({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'datetime' })
  createdAt!: Date;
}
