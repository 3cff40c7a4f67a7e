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
