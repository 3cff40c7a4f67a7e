import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A drink on the festival menu and how many are left (0 = out of stock). */
@Entity('drinks')
export class DrinkEntity {
  /** A readable, stable slug such as `mango-lassi`. */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Column({ type: 'varchar', length: 120 })
  name!: string;

  @Column({ type: 'varchar', length: 500 })
  description!: string;

  @Column({ type: 'varchar', length: 60 })
  category!: string;

  @Column({ type: 'integer' })
  priceCents!: number;

  @Column({ type: 'integer' })
  available!: number;

  /** Order within its category on the menu. */
  @Column({ type: 'integer', default: 0 })
  sortOrder!: number;

  /** Left off the guests' menu and refused at checkout; kept in the table (orders name it by id). */
  @Column({ type: 'boolean', default: false })
  hidden!: boolean;

  @CreateDateColumn({ type: 'datetime' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'datetime' })
  updatedAt!: Date;
}
