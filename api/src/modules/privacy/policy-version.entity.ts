import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { PolicyKind } from '@festival/contracts';

/**
 * One saved version of a season's privacy policy or ticket terms (docs/privacy.md, "Policies
 * and consent"). A season with no row for a kind shows its default text as version 1; each save
 * that changes the text adds a row with the next version, so the text a consent record's version
 * names stays readable. The unique index lets only one of two saves at the same moment take a
 * version.
 */
@Entity('policy_versions')
@Index('IDX_policy_versions_season_kind_version', ['seasonId', 'kind', 'version'], { unique: true })
export class PolicyVersionEntity {
  @PrimaryGeneratedColumn('increment', { type: 'integer' })
  id!: number;

  @Column({ type: 'integer' })
  seasonId!: number;

  @Column({ type: 'varchar', length: 16 })
  kind!: PolicyKind;

  @Column({ type: 'integer' })
  version!: number;

  @Column({ type: 'text' })
  markdown!: string;

  /** The Markdown rendered and sanitised when it was saved. */
  @Column({ type: 'text' })
  html!: string;

  @Column({ type: 'datetime' })
  savedAt!: Date;

  /** The staff member who saved it. */
  @Column({ type: 'varchar', length: 60 })
  savedBy!: string;
}
