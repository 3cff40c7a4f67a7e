import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { HttpSessionEntity } from './http-session.entity.js';
import { TypeormSessionStore } from './typeorm-session.store.js';

export const SESSION_COOKIE = 'festival.sid';

declare module 'express-session' {
  interface SessionData {
    admin?: boolean;
    authenticatedAt?: number;
  }
}

/**
 * Staff sessions: a signed, HttpOnly, SameSite=Strict cookie (Secure whenever the request came
 * over HTTPS, as told by the proxy), stored in the database, renewed on each request and gone
 * after ADMIN_SESSION_TTL_SECONDS of inactivity. Guests never get a cookie.
 */
@Injectable()
export class SessionMiddleware implements NestMiddleware {
  private readonly handler: RequestHandler;

  constructor(@Inject(APP_CONFIG) config: AppConfig, dataSource: DataSource) {
    const ttlMs = config.admin.sessionTtlSeconds * 1000;
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
    this.handler(req, res, next);
  }
}
