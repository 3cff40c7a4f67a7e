import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import { ConsentRecordEntity, type ConsentPage } from './consent-record.entity.js';
import { DEFAULT_POLICY_VERSION } from './policy-defaults.js';
import { PolicyVersionEntity } from './policy-version.entity.js';
import { suppressionKey } from './suppressions.service.js';

export interface ConsentAnswer {
  email: string;
  phone: string | null;
  agreed: boolean;
  page: ConsentPage;
  seasonId: string;
  /** The order or waitlist entry the form created. */
  subjectId: string | null;
}

/** Records each answer to the news box (docs/privacy.md, "Consent"). */
@Injectable()
export class ConsentRecords {
  constructor(@InjectRepository(ConsentRecordEntity) private readonly rows: Repository<ConsentRecordEntity>) {}

  /**
   * Every address with at least one answer `agreed` (lower-cased, once each, in alphabetical
   * order). A later unticked box does not withdraw it; the suppression list is not applied here.
   */
  async agreedAddresses(): Promise<string[]> {
    const rows = await this.rows
      .createQueryBuilder('c')
      .select('c.email', 'email')
      .distinct(true)
      .where('c.agreed = :agreed', { agreed: true })
      .orderBy('c.email', 'ASC')
      .getRawMany<{ email: string }>();
    return rows.map((row) => row.email);
  }

  /**
   * Stores the answer with the time and the version of the season's privacy policy in force (the
   * one `/privacy` shows; version 1, the default text, until staff save one), inside the
   * transaction that creates the order or entry: every read goes through `manager`, never another
   * connection, as that transaction may hold a lock other requests wait on.
   */
  async record(answer: ConsentAnswer, now: Date, manager: EntityManager): Promise<void> {
    const latest = await manager.findOne(PolicyVersionEntity, {
      where: { seasonId: Number(answer.seasonId), kind: 'privacy' },
      order: { version: 'DESC' },
      select: { version: true },
    });
    await manager.insert(ConsentRecordEntity, {
      ...answer,
      email: suppressionKey(answer.email),
      policyVersion: String(latest?.version ?? DEFAULT_POLICY_VERSION),
      createdAt: now,
    });
  }
}
