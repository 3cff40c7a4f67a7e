import { Injectable } from '@nestjs/common';

/**
 * The listeners told after every committed save of the settings on this replica (a site or
 * Tickets section, or the start of the next event): caches built on the settings drop theirs.
 */
@Injectable()
export class SettingsChanges {
  private readonly listeners: (() => void)[] = [];

  /** Runs `listener` after every committed save on this replica. */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Tells every listener, once the save has committed. */
  notify(): void {
    for (const listener of this.listeners) listener();
  }
}
