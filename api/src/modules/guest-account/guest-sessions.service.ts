import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, MoreThan, Repository } from 'typeorm';
import { MY_TICKETS_SESSION_HOURS } from '@festival/contracts';
import { secretHash } from '../../common/secrets.js';
import { GuestSessionEntity } from './guest-session.entity.js';

export const SESSION_MS = MY_TICKETS_SESSION_HOURS * 60 * 60_000;

/**
 * The sessions of guests signed in on My tickets (docs/guest-account.md), kept in the
 * database so every replica knows them: the cookie carries a random token, the table its hash
 * and the e-mail address. 12 hours from the sign-in; signing out deletes the row.
 */
@Injectable()
export class GuestSessions {
  private opened = 0;

  constructor(@InjectRepository(GuestSessionEntity) private readonly sessions: Repository<GuestSessionEntity>) {}

  /** A new session for `email`: the cookie's token and when it ends. */
  async open(email: string, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + SESSION_MS);
    await this.sessions.insert({ tokenHash: secretHash(token), email, createdAt: now, expiresAt });
    this.opened += 1;
    // Now and then, the sessions that have ended go.
    if (this.opened % 50 === 0) await this.sessions.delete({ expiresAt: LessThan(now) });
    return { token, expiresAt };
  }

  /** The e-mail address of a live session, or null. */
  async emailOf(token: string | undefined, now = new Date()): Promise<string | null> {
    if (!token) return null;
    const session = await this.sessions.findOneBy({ tokenHash: secretHash(token), expiresAt: MoreThan(now) });
    return session?.email ?? null;
  }

  /** Ends the session now. */
  async end(token: string | undefined): Promise<void> {
    if (token) await this.sessions.delete({ tokenHash: secretHash(token) });
  }
}
