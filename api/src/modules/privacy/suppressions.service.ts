import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository, type EntityManager } from 'typeorm';
import { EmailSuppressionEntity, type SuppressionReason } from './email-suppression.entity.js';

export type { SuppressionReason };

const DETAIL_MAX = 500;

/** The key of an address on the list: the address itself, lower-cased and trimmed. */
export function suppressionKey(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The key of an erased guest's address: its SHA-256, so that the list still refuses the
 * address without holding it (docs/privacy.md, "Erasure").
 */
export function hashedSuppressionKey(email: string): string {
  return `sha256:${createHash('sha256').update(suppressionKey(email)).digest('hex')}`;
}

/**
 * The whole list read once, to check many addresses in code: an erased guest's row is keyed by
 * the address's hash, which no SQL comparison with the address finds.
 */
export class SuppressionList {
  constructor(private readonly reasons: ReadonlyMap<string, SuppressionReason>) {}

  /** Why the address is suppressed (by the address or its hash), or null. */
  reasonFor(email: string): SuppressionReason | null {
    return this.reasons.get(suppressionKey(email)) ?? this.reasons.get(hashedSuppressionKey(email)) ?? null;
  }
}

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
    if ((await this.reasonFor(email, manager)) !== null) return;
    await this.repo(manager)
      .createQueryBuilder()
      .insert()
      .values({ email: suppressionKey(email), reason, detail: detail === null ? null : detail.slice(0, DETAIL_MAX), createdAt: now })
      .orIgnore()
      .execute();
  }

  /** Why the address is suppressed (by the address or, once erased, by its hash), or null. */
  async reasonFor(email: string, manager?: EntityManager): Promise<SuppressionReason | null> {
    const rows = await this.repo(manager).findBy({ email: In([suppressionKey(email), hashedSuppressionKey(email)]) });
    return rows[0]?.reason ?? null;
  }

  /** Whether the list holds the address itself (not only its hash, as after an erasure). */
  async holdsAddress(email: string, manager?: EntityManager): Promise<boolean> {
    return this.repo(manager).existsBy({ email: suppressionKey(email) });
  }

  /** Every row, for checking a whole audience or campaign at once. */
  async list(manager?: EntityManager): Promise<SuppressionList> {
    const rows = await this.repo(manager).find({ select: { email: true, reason: true } });
    return new SuppressionList(new Map(rows.map((row) => [row.email, row.reason])));
  }

  /**
   * Keeps the address suppressed without holding it: its row (or a new `erased` one) is keyed
   * by the address's hash from now on. Used by a guest's erasure.
   */
  async forgetAddress(email: string, now: Date, manager?: EntityManager): Promise<void> {
    const repo = this.repo(manager);
    const plain = await repo.findOneBy({ email: suppressionKey(email) });
    await repo.delete({ email: suppressionKey(email) });
    await repo
      .createQueryBuilder()
      .insert()
      .values({ email: hashedSuppressionKey(email), reason: plain?.reason ?? 'erased', detail: null, createdAt: plain?.createdAt ?? now })
      .orIgnore()
      .execute();
  }

  private repo(manager?: EntityManager): Repository<EmailSuppressionEntity> {
    return manager?.getRepository(EmailSuppressionEntity) ?? this.rows;
  }
}
