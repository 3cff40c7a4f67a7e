import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('http_sessions')
export class HttpSessionEntity {
  @PrimaryColumn({ type: 'varchar', length: 128 })
  id!: string;

  @Column({ type: 'text' })
  data!: string;

  @Column({ type: 'datetime' })
  expiresAt!: Date;
}
