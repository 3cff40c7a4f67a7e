import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { AnalyticsEventStore, type AnalyticsRow, type EventWrite, type WriteKind } from './analytics-event-store.js';

/** At most this many events in one group. */
const MAX_GROUP = 200;

interface Pending extends EventWrite {
  done: (error?: unknown) => void;
}

/**
 * Group commit for the browser events. The flush rule: one group is written at a time; the
 * events that arrive while it is written (or during the event loop turn that scheduled it) form
 * the next group, at most MAX_GROUP of them. Each sender's promise settles once its group has
 * committed, so nothing is acknowledged before it is stored. A group that fails is written
 * again event by event, so one bad event fails alone.
 */
@Injectable()
export class AnalyticsIngestQueue implements OnModuleDestroy {
  private readonly queue: Pending[] = [];
  private writing = false;
  private scheduled = false;

  constructor(private readonly store: AnalyticsEventStore) {}

  write(kind: WriteKind, row: AnalyticsRow): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ kind, row, done: (error) => (error === undefined ? resolve() : reject(error)) });
      this.schedule();
    });
  }

  /** The app is closing: the groups under way are written first (a few seconds at most). */
  async onModuleDestroy(): Promise<void> {
    for (let waited = 0; (this.writing || this.queue.length > 0) && waited < 5000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  private schedule(): void {
    if (this.scheduled || this.writing || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.writing = true;
      void this.writeGroup(this.queue.splice(0, MAX_GROUP)).finally(() => {
        this.writing = false;
        this.schedule();
      });
    });
  }

  private async writeGroup(group: Pending[]): Promise<void> {
    try {
      await this.store.storeGroup(group);
      for (const item of group) item.done();
    } catch (error) {
      if (group.length === 1) {
        group[0].done(error);
        return;
      }
      for (const item of group) {
        await this.store.storeGroup([item]).then(
          () => item.done(),
          (one: unknown) => item.done(one),
        );
      }
    }
  }
}
