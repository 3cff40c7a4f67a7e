import session from 'express-session';
import { LessThan, type Repository } from 'typeorm';
import type { HttpSessionEntity } from './http-session.entity.js';

type Callback<T = void> = (err?: unknown, value?: T) => void;

/**
 * express-session's store on the application database (SQLite or MySQL), so sessions survive
 * an API restart and are shared by every replica. Expired rows are ignored on read and swept
 * now and then on write.
 */
export class TypeormSessionStore extends session.Store {
  private writes = 0;

  constructor(
    private readonly sessions: Repository<HttpSessionEntity>,
    private readonly ttlMs: number,
  ) {
    super();
  }

  private expiryOf(data: session.SessionData): Date {
    const expires = data.cookie?.expires;
    return expires ? new Date(expires) : new Date(Date.now() + this.ttlMs);
  }

  override get(sid: string, callback: Callback<session.SessionData | null>): void {
    this.sessions.findOneBy({ id: sid }).then(
      (row) => {
        if (!row || row.expiresAt.getTime() <= Date.now()) return callback(null, null);
        callback(null, JSON.parse(row.data) as session.SessionData);
      },
      (err: unknown) => callback(err),
    );
  }

  override set(sid: string, data: session.SessionData, callback?: Callback): void {
    this.sessions
      .upsert({ id: sid, data: JSON.stringify(data), expiresAt: this.expiryOf(data) }, ['id'])
      .then(() => this.sweepNowAndThen())
      .then(
        () => callback?.(),
        (err: unknown) => callback?.(err),
      );
  }

  override touch(sid: string, data: session.SessionData, callback?: Callback): void {
    this.sessions.update({ id: sid }, { expiresAt: this.expiryOf(data) }).then(
      () => callback?.(),
      (err: unknown) => callback?.(err),
    );
  }

  override destroy(sid: string, callback?: Callback): void {
    this.sessions.delete({ id: sid }).then(
      () => callback?.(),
      (err: unknown) => callback?.(err),
    );
  }

  private async sweepNowAndThen(): Promise<void> {
    this.writes += 1;
    if (this.writes % 50 === 0) await this.sessions.delete({ expiresAt: LessThan(new Date()) });
  }
}
