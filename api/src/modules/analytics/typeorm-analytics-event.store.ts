import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import { ExclusiveSection } from '../../common/exclusive-section.js';
import { recordAttribution } from './analytics-attribution.js';
import { AnalyticsEventEntity } from './analytics-event.entity.js';
import { AnalyticsEventStore, type AnalyticsRow, type EventWrite } from './analytics-event-store.js';
import { recordPeople, type EventPerson } from './analytics-people.js';
import { recordTotals } from './analytics-totals.js';

/** TypeORM's insert type cannot express a JSON column of arbitrary objects. */
const values = (row: AnalyticsRow) => row as QueryDeepPartialEntity<AnalyticsEventEntity>;

const person = (row: AnalyticsRow): EventPerson => ({
  eventId: row.eventId,
  createdAt: row.createdAt,
  eventType: row.eventType,
  isBot: Boolean(row.isBot),
  entityId: row.entityId,
  sessionId: row.sessionId,
});

/** A unique key refused the row: MySQL/MariaDB's ER_DUP_ENTRY, SQLite's unique constraint. */
function isDuplicate(error: unknown): boolean {
  const e = error as { code?: string; driverError?: { code?: string } };
  const code = e?.driverError?.code ?? e?.code;
  return code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * Which events of a group are inserted and which leave events update their stored page view.
 * Page views before leave events: a leave event then lands on its view's row. A page view
 * already stored (or twice in the group) is not stored again; of several leave events of one
 * page view, the last one sent wins.
 */
export function planGroup(writes: readonly EventWrite[], stored: Set<string>): { inserts: AnalyticsRow[]; updates: AnalyticsRow[] } {
  const inserts: AnalyticsRow[] = [];
  const updates = new Map<string, AnalyticsRow>();
  for (const kind of ['view', 'leave', 'plain'] as const) {
    for (const write of writes) {
      if (write.kind !== kind) continue;
      const key = write.row.pageViewId;
      if (kind === 'plain' || !key) inserts.push(write.row);
      else if (!stored.has(key)) {
        stored.add(key);
        inserts.push(write.row);
      } else if (kind === 'leave') updates.set(key, write.row);
    }
  }
  return { inserts, updates: [...updates.values()] };
}

/** The analytics store on the application's database (SQLite or MySQL/MariaDB) through TypeORM. */
@Injectable()
export class TypeOrmAnalyticsEventStore extends AnalyticsEventStore {
  constructor(
    @InjectRepository(AnalyticsEventEntity) private readonly events: Repository<AnalyticsEventEntity>,
    private readonly exclusive: ExclusiveSection,
  ) {
    super();
  }

  storeGroup(writes: readonly EventWrite[]): Promise<void> {
    return this.exclusive.transaction((manager) => this.write(manager, writes));
  }

  storeOne(row: AnalyticsRow): Promise<number> {
    return this.exclusive.transaction(async (manager) => {
      const result = await manager.createQueryBuilder().insert().into(AnalyticsEventEntity).values(values(row)).execute();
      await recordPeople(manager, [person(row)]);
      await recordAttribution(manager, [row]);
      await recordTotals(manager, [row]);
      return Number(result.identifiers[0]?.id);
    });
  }

  /** In the open transaction: the new rows (one INSERT), the leave events onto stored views, then what the inserted rows add to the people and counters. */
  private async write(manager: EntityManager, writes: readonly EventWrite[]): Promise<void> {
    const keys = writes.filter((w) => w.kind !== 'plain' && w.row.pageViewId).map((w) => w.row.pageViewId!);
    const stored = new Set(keys.length > 0 ? await this.storedViews(manager, keys) : []);
    const { inserts, updates } = planGroup(writes, stored);
    try {
      if (inserts.length > 0) {
        await manager.createQueryBuilder().insert().into(AnalyticsEventEntity).values(inserts.map(values)).updateEntity(false).execute();
      }
    } catch (error) {
      // A page view stored meanwhile (by another replica, say): as if it had been there.
      const [{ kind, row }] = writes;
      if (writes.length !== 1 || kind === 'plain' || !isDuplicate(error)) throw error;
      inserts.length = 0;
      if (kind === 'leave') updates.push(row);
    }
    for (const row of updates) {
      await manager.update(
        AnalyticsEventEntity,
        { pageViewId: row.pageViewId! },
        { scrollDepth: row.scrollDepth, timeOnPage: row.timeOnPage, pageSections: row.pageSections },
      );
    }
    await recordPeople(manager, inserts.map(person));
    await recordAttribution(manager, inserts);
    await recordTotals(manager, inserts);
  }

  private async storedViews(manager: EntityManager, keys: string[]): Promise<string[]> {
    const rows = await manager
      .getRepository(AnalyticsEventEntity)
      .createQueryBuilder('e')
      .select('e.pageViewId', 'id')
      .where('e.pageViewId IN (:...keys)', { keys })
      .getRawMany<{ id: string }>();
    return rows.map((r) => r.id);
  }
}
