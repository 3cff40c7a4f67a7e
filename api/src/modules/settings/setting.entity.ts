import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One section of the settings (docs/settings.md): its JSON, checked by its contracts schema. */
@Entity('settings')
export class SettingEntity {
  /** `current-event` (the event on sale) until seasons give each event its own. */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  scope!: string;

  /** `tickets`, later `event` and `restaurant`. */
  @PrimaryColumn({ type: 'varchar', length: 32 })
  section!: string;

  @Column({ type: 'text' })
  value!: string;

  /** 1 at first, one more on every save. */
  @Column({ type: 'integer', default: 1 })
  version!: number;

  @Column({ type: 'datetime' })
  updatedAt!: Date;
}
