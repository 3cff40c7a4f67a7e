import { Logger } from '@nestjs/common';

/** Where a task's failed passes are reported. */
export type TaskLog = Pick<Logger, 'error'>;

/**
 * A background job run in passes, one at a time: every `everyMs` once started, and soon after
 * each `kick()`. A kick while a pass runs gives exactly one more pass after it (however many
 * kicks came), so work that arrived during a pass is never missed. A failed pass is logged and
 * the job carries on. `stop()` cancels the schedule, tells the running pass through `signal`,
 * and resolves once that pass has ended; nothing runs after it.
 */
export class PeriodicTask {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private readonly stopping = new AbortController();

  constructor(
    private readonly name: string,
    private readonly everyMs: number,
    private readonly pass: () => Promise<unknown>,
    private readonly log: TaskLog = new Logger(name),
  ) {}

  /** Starts the schedule; with `now`, the first pass starts at once. */
  start({ now = false }: { now?: boolean } = {}): void {
    if (this.stopped || this.timer) return;
    this.timer = setInterval(() => this.kick(), this.everyMs);
    this.timer.unref();
    if (now) this.kick();
  }

  /** Runs a pass now, or one more after the running one. Ignored once stopped. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.passes().finally(() => {
      this.running = undefined;
    });
  }

  /** Stops the schedule and waits for the running pass to end. */
  async stop(): Promise<void> {
    this.stopping.abort();
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Resolves when no pass is running or queued. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  get stopped(): boolean {
    return this.stopping.signal.aborted;
  }

  /** Aborted by `stop()`: long waits inside a pass listen to it. */
  get signal(): AbortSignal {
    return this.stopping.signal;
  }

  /** Whether the schedule is on, and whether a pass is under way. */
  get state(): { scheduled: boolean; running: boolean } {
    return { scheduled: this.timer !== undefined, running: this.running !== undefined };
  }

  private async passes(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.pass();
      } catch (error) {
        this.log.error(`${this.name} failed: ${String(error)}`);
      }
    } while (this.again && !this.stopped);
  }
}
