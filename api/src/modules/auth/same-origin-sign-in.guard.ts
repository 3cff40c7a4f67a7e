import { ForbiddenException, Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { isSameOrigin } from '../../common/same-origin.js';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';

export const CROSS_ORIGIN_MESSAGE = 'Cross-origin request refused';

/**
 * Signing in (the password, a device pass) only from the site's own pages: another site cannot
 * make a visitor's browser sign in as someone else or spend a pass. Checked before the password
 * or the pass is looked at; the staff routes behind the session have the same check in
 * AdminSessionGuard.
 */
@Injectable()
export class SameOriginSignInGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    if (!isSameOrigin(context.switchToHttp().getRequest<Request>(), this.config.publicUrl)) {
      throw new ForbiddenException(CROSS_ORIGIN_MESSAGE);
    }
    return true;
  }
}
