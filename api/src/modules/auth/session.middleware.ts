import { createHmac } from 'node:crypto';
import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import { DataSource } from 'typeorm';
import { DEVICE_SIGNED_OUT_MESSAGE, type StaffRole } from '@festival/contracts';
import { StaffDevicesService } from '../staff/staff-devices.service.js';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { HttpSessionEntity } from './http-session.entity.js';
import { TypeormSessionStore } from './typeorm-session.store.js';

export const SESSION_COOKIE = 'festival.sid';

declare module 'express-session' {
  interface SessionData {
    admin?: boolean;
    authenticatedAt?: number;
    /** Which staff password the session was opened with (see passwordVersion). */
    passwordVersion?: string;
    /** The session's role; unset on sessions from before roles, which are the manager's. */
    role?: StaffRole;
    /** A device session: the device, checked on every request (revoking it ends the session). */
    deviceId?: string;
    /** The device's name, shown in the staff pages' header and in the activity log. */
    staffName?: string;
  }
}

declare module 'express-serve-static-core' {
  interface Request {
    /** Why this request's staff session just ended (a revoked device): the 401's message. */
    staffSessionEnded?: string;
  }
}

/**
 * A fingerprint of the staff password (keyed by the session secret, never the password itself):
 * a session opened with another password than the current one has ended.
 */
export function passwordVersion(config: AppConfig): string {
  return createHmac('sha256', config.admin.sessionSecret).update(config.admin.password).digest('base64url').slice(0, 16);
}

/**
 * Staff sessions: a signed, HttpOnly, SameSite=Strict cookie (Secure whenever the request came
 * over HTTPS, as told by the proxy), stored in the database, renewed on each request and gone
 * after ADMIN_SESSION_TTL_SECONDS of inactivity, ADMIN_SESSION_MAX_AGE_SECONDS after its login
 * however busy it was, or as soon as the staff password changes. A device's session also ends
 * as soon as the device is revoked (its request then answers 401 `This device was signed out`).
 * Guests never get a cookie.
 */
@Injectable()
export class SessionMiddleware implements NestMiddleware {
  private readonly handler: RequestHandler;
  private readonly maxAgeMs: number;
  private readonly passwordVersion: string;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    dataSource: DataSource,
    private readonly devices: StaffDevicesService,
  ) {
    const ttlMs = config.admin.sessionTtlSeconds * 1000;
    this.maxAgeMs = config.admin.sessionMaxAgeSeconds * 1000;
    this.passwordVersion = passwordVersion(config);
    this.handler = session({
      name: SESSION_COOKIE,
      secret: config.admin.sessionSecret,
      store: new TypeormSessionStore(dataSource.getRepository(HttpSessionEntity), ttlMs),
      resave: false,
      saveUninitialized: false,
      rolling: true,
      proxy: true,
      cookie: { httpOnly: true, sameSite: 'strict', secure: 'auto', maxAge: ttlMs, path: '/' },
    });
  }

  use(req: Request, res: Response, next: NextFunction): void {
    this.handler(req, res, (error?: unknown) => {
      const staff = req.session?.admin === true ? req.session : undefined;
      if (error || !staff) return next(error);
      const ended = Date.now() - (staff.authenticatedAt ?? 0) >= this.maxAgeMs || staff.passwordVersion !== this.passwordVersion;
      const end = () =>
        // As after a logout: the session is gone and the request goes on without it.
        staff.destroy((destroyError?: unknown) => {
          res.clearCookie(SESSION_COOKIE, { path: '/' });
          next(destroyError);
        });
      if (ended) return end();
      if (!staff.deviceId) return next();
      this.devices.sessionAlive(staff.deviceId).then(
        (alive) => {
          if (alive) return next();
          req.staffSessionEnded = DEVICE_SIGNED_OUT_MESSAGE;
          end();
        },
        (checkError: unknown) => next(checkError),
      );
    });
  }
}
