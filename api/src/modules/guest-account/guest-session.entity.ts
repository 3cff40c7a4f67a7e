import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A guest signed in on My tickets with an e-mailed link (docs/guest-account.md): the
 * `guest_session` cookie's value is kept only as its hash. A session lasts 12 hours from its
 * sign-in; signing out deletes it, and expired ones are swept.
 */
@Entity('guest_sessions')
@Index('IDX_guest_sessions_expires', ['expiresAt'])
export class GuestSessionEntity {
  /** SHA-256 of the cookie's value. */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  tokenHash!: string;

  /** Lower-case: the address the link was sent to. */
  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'datetime' })
  createdAt!: Date;

  @Column({ type: 'datetime' })
  expiresAt!: Date;
}
