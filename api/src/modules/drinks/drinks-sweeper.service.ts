import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { SiteConfig } from '@festival/contracts';
import { PeriodicTask } from '../../common/periodic-task.js';
import { SiteService } from '../settings/site.service.js';
import { DrinkTabClosingService } from './drink-tab-closing.service.js';
import type { DrinkTabEntity } from './drink-tab.entity.js';
import { DrinksService } from './drinks.service.js';

/** How often the background job looks for work. */
export const TAB_SWEEP_EVERY_MS = 60_000;
/** Used when the configured start time cannot be read. */
const DEFAULT_PARTY_LENGTH_MS = 4 * 60 * 60_000;

/**
 * When a tab closes by itself: at the party's end (`party.endsAt`). A tab opened after that
 * time (the party running late, or next year's dates not yet configured) closes once it has
 * been open as long as the party lasts, so nobody's tab is charged minutes after it opened.
 * Undefined when the configured times cannot be read.
 */
export function autoCloseAt(openedAt: Date, party: SiteConfig['party']): Date | undefined {
  const endsAt = Date.parse(party.endsAt);
  const startsAt = Date.parse(party.startsAt);
  if (Number.isNaN(endsAt)) return undefined;
  if (openedAt.getTime() < endsAt) return new Date(endsAt);
  const length = Number.isNaN(startsAt) || startsAt >= endsAt ? DEFAULT_PARTY_LENGTH_MS : endsAt - startsAt;
  return new Date(openedAt.getTime() + length);
}

/**
 * The drinks' background job, every minute: the end-of-party close (open tabs that are due are
 * closed and charged, each tried once; a declined card stays open for staff to see), closings
 * interrupted by a stopped process are finished, and refunds the gateway could not take are
 * tried again. Stops cleanly when the application shuts down.
 */
@Injectable()
export class DrinksSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(DrinksSweeper.name);
  private readonly task = new PeriodicTask('The drinks sweep', TAB_SWEEP_EVERY_MS, () => this.sweep(), this.logger);

  constructor(
    private readonly tabs: DrinkTabClosingService,
    private readonly drinks: DrinksService,
    private readonly site: SiteService,
  ) {}

  onApplicationBootstrap(): void {
    this.task.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.task.stop();
  }

  /** Whether the job is scheduled, and whether a sweep is under way. */
  get state(): { scheduled: boolean; sweeping: boolean } {
    const { scheduled, running } = this.task.state;
    return { scheduled, sweeping: running };
  }

  /** Starts a sweep (or one more after the running one) unless the application is stopping. */
  sweepSoon(): void {
    this.task.kick();
  }

  /** One pass at `now`. Returns the ids of the tabs it tried to close. */
  async sweep(now = new Date()): Promise<string[]> {
    await this.drinks.retryRefunds();
    const { party } = await this.site.get();
    const tried: string[] = [];
    for (const tab of await this.tabs.staleClosings(now)) {
      if (this.task.stopped) return tried;
      tried.push(tab.id);
      await this.closeQuietly(tab);
    }
    for (const tab of await this.tabs.openTabsNotAutoClosed()) {
      if (this.task.stopped) return tried;
      const due = tab.openedAt ? autoCloseAt(tab.openedAt, party) : undefined;
      if (!due || due.getTime() > now.getTime()) continue;
      if (!(await this.tabs.claimAutoClose(tab.id))) continue;
      tried.push(tab.id);
      await this.closeQuietly(tab);
    }
    return tried;
  }

  private async closeQuietly(tab: DrinkTabEntity): Promise<void> {
    try {
      await this.tabs.close(tab.id, 'auto');
    } catch (error) {
      // Declines and unreachable gateways are recorded on the tab for staff to see.
      this.logger.warn(`Automatic close of tab ${tab.id} did not charge: ${(error as Error).message}`);
    }
  }
}
