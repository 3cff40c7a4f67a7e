import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { DeviceRole } from '@festival/contracts';

/** A door or bar phone, signed in with a one-use pass (see StaffDevicesService). */
@Entity('staff_devices')
export class StaffDeviceEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 60 })
  name!: string;

  @Column({ type: 'varchar', length: 16 })
  role!: DeviceRole;

  /** SHA-256 (hex) of the pass secret. */
  @Column({ type: 'varchar', length: 64 })
  passHash!: string;

  @Column({ type: 'datetime' })
  passExpiresAt!: Date;

  /** When the pass was used (it cannot be used again). */
  @Column({ type: 'datetime', nullable: true })
  signedInAt!: Date | null;

  @Column({ type: 'datetime', nullable: true })
  lastSeenAt!: Date | null;

  @Column({ type: 'datetime', nullable: true })
  revokedAt!: Date | null;

  @Column({ type: 'datetime' })
  createdAt!: Date;
}
