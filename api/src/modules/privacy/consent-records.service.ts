import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import { ConsentRecordEntity, type ConsentPage } from './consent-record.entity.js';
import { PolicyVersions } from './policy-versions.js';
import { suppressionKey } from './suppressions.service.js';

export interface ConsentAnswer {
  email: string;
  phone: string | null;
  agreed: boolean;
  page: ConsentPage;
  seasonId: string | null;
  /** The order or waitlist entry the form created. */
  subjectId: string | null;
}

/** Records each answer to the news box (docs/privacy.md, "Consent"). */
@Injectable()
export class ConsentRecords {
  constructor(
    @InjectRepository(ConsentRecordEntity) private readonly rows: Repository<ConsentRecordEntity>,
    private readonly policies: PolicyVersions,
  ) {}

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

  /** Stores the answer with the time and the privacy policy version in force. */
  async record(answer: ConsentAnswer, now: Date, manager?: EntityManager): Promise<void> {
    const policyVersion = await this.policies.privacyVersion();
    await (manager?.getRepository(ConsentRecordEntity) ?? this.rows).insert({
      ...answer,
      email: suppressionKey(answer.email),
      policyVersion,
      createdAt: now,
    });
  }
}
