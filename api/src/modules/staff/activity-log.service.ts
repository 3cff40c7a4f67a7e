import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository, type EntityManager, type FindOptionsWhere } from 'typeorm';
import type { ActivityEntry, ActivityPage, ActivityQuery, StaffAction } from '@festival/contracts';
import type { StaffActor } from './staff-actor.js';
import { StaffActivityEntity } from './staff-activity.entity.js';

/** What was done, to what (in words), and anything else worth knowing. */
export interface ActivityRecord {
  action: StaffAction;
  object?: string | null;
  detail?: string | null;
  /** The id of the order (or other row) the entry is about: an order's history is read by it. */
  subjectId?: string | null;
  /** Who acted when no staff member did (`Guest` for a guest's own change); else `Unknown`. */
  who?: string;
}

/** `who` of an entry without a staff session (a failed login). */
export const UNKNOWN_WHO = 'Unknown';
/** `who` of a guest's own change (a meal changed on My tickets). */
export const GUEST_WHO = 'Guest';

const clip = (text: string | null | undefined, max: number): string | null =>
  text == null ? null : text.length <= max ? text : `${text.slice(0, max - 1)}…`;

export function toActivityEntry(row: StaffActivityEntity): ActivityEntry {
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    who: row.who,
    role: row.role,
    action: row.action,
    object: row.object,
    detail: row.detail,
  };
}

/**
 * The activity log: every state-changing staff action, kept in the database. An action that
 * writes to the database records its entry with the same EntityManager, inside its own
 * transaction, so the entry exists exactly when the change does:
 *
 *     await this.exclusive.run(LOCK, async (manager) => {
 *       ...the change...
 *       await this.activity.record(manager, actor, { action: 'check-in', object: `Ticket ${code}` });
 *     });
 */
@Injectable()
export class ActivityLog {
  constructor(@InjectRepository(StaffActivityEntity) private readonly entries: Repository<StaffActivityEntity>) {}

  /** Records an entry inside the caller's transaction (`manager` is the transaction's). */
  async record(manager: EntityManager, actor: StaffActor | null, record: ActivityRecord, at = new Date()): Promise<void> {
    await manager.insert(StaffActivityEntity, {
      at,
      who: clip(actor?.name ?? record.who ?? UNKNOWN_WHO, 60)!,
      role: actor?.role ?? null,
      deviceId: actor?.deviceId ?? null,
      action: record.action,
      object: clip(record.object, 200),
      detail: clip(record.detail, 500),
      subjectId: record.subjectId ?? null,
    });
  }

  /** Records an action that writes nothing else to the database (a login, a test e-mail). */
  recordAlone(actor: StaffActor | null, record: ActivityRecord): Promise<void> {
    return this.record(this.entries.manager, actor, record);
  }

  /**
   * The entries about one order or tab (their `subjectId`), oldest first (in the order they were
   * recorded), only those of `actions` when given. `manager` reads inside a caller's transaction.
   */
  async forSubject(
    subjectId: string,
    actions?: readonly StaffAction[],
    manager: EntityManager = this.entries.manager,
  ): Promise<ActivityEntry[]> {
    if (actions?.length === 0) return [];
    const where: FindOptionsWhere<StaffActivityEntity> = { subjectId };
    if (actions) where.action = actions.length === 1 ? actions[0] : In([...actions]);
    const rows = await manager.find(StaffActivityEntity, { where, order: { id: 'ASC' } });
    return rows.map(toActivityEntry);
  }

  /** Newest first, filtered by who and by action, one page at a time. */
  async list(query: ActivityQuery): Promise<ActivityPage> {
    const where: FindOptionsWhere<StaffActivityEntity> = {};
    if (query.who) where.who = query.who;
    if (query.action) where.action = query.action;
    const [rows, total] = await this.entries.findAndCount({
      where,
      order: { id: 'DESC' },
      skip: (query.page - 1) * query.pageSize,
      take: query.pageSize,
    });
    const people = (await this.entries
      .createQueryBuilder('a')
      .select('a.who', 'who')
      .distinct(true)
      .orderBy('a.who', 'ASC')
      .getRawMany()) as { who: string }[];
    return { items: rows.map(toActivityEntry), total, page: query.page, pageSize: query.pageSize, people: people.map((p) => p.who) };
  }
}
