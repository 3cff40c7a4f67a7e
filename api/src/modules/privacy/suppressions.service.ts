import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import { EmailSuppressionEntity, type SuppressionReason } from './email-suppression.entity.js';

const DETAIL_MAX = 500;

/** The one suppression list (docs/privacy.md): addresses no campaign mails again. */
@Injectable()
export class Suppressions {
  constructor(@InjectRepository(EmailSuppressionEntity) private readonly rows: Repository<EmailSuppressionEntity>) {}

  /** Adds the address (idempotent: a second reason never replaces the first). */
  async suppress(
    email: string,
    reason: SuppressionReason,
    now: Date,
    detail: string | null = null,
    manager?: EntityManager,
  ): Promise<void> {
    await (manager?.getRepository(EmailSuppressionEntity) ?? this.rows)
      .createQueryBuilder()
      .insert()
      .values({ email: email.trim().toLowerCase(), reason, detail: detail === null ? null : detail.slice(0, DETAIL_MAX), createdAt: now })
      .orIgnore()
      .execute();
  }

  /** Why the address is suppressed, or null when it is not. */
  async reasonFor(email: string): Promise<SuppressionReason | null> {
    const row = await this.rows.findOneBy({ email: email.trim().toLowerCase() });
    return row?.reason ?? null;
  }
}
