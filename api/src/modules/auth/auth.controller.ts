import { Controller, Get, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import type { AdminCheckResponse } from '@festival/contracts';
import { LocalAuthGuard } from './local-auth.guard.js';
import { Public } from './public.decorator.js';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { passwordVersion, SESSION_COOKIE } from './session.middleware.js';

function promisify(fn: (cb: (err?: unknown) => void) => void): Promise<void> {
  return new Promise((resolve, reject) => fn((err) => (err ? reject(err) : resolve())));
}

@Controller('admin')
@Public()
export class AuthController {
  private readonly passwordVersion: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.passwordVersion = passwordVersion(config);
  }

  @Get('check')
  check(@Req() req: Request): AdminCheckResponse {
    return { authenticated: req.session?.admin === true };
  }

  /** Checks the shared password and starts a fresh session (a new id: no session fixation). */
  @Post('login')
  @HttpCode(200)
  @UseGuards(ThrottlerGuard, LocalAuthGuard)
  async login(@Req() req: Request): Promise<AdminCheckResponse> {
    await promisify((cb) => req.session.regenerate(cb));
    req.session.admin = true;
    req.session.authenticatedAt = Date.now();
    req.session.passwordVersion = this.passwordVersion;
    await promisify((cb) => req.session.save(cb));
    return { authenticated: true };
  }

  @Post('logout')
  @HttpCode(200)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<AdminCheckResponse> {
    if (req.session) await promisify((cb) => req.session.destroy(cb));
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    return { authenticated: false };
  }
}
