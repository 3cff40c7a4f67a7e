import { ForbiddenException, Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { isSameOrigin } from '../../common/same-origin.js';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';

export const CROSS_SITE_MESSAGE = 'Analytics events are accepted from this site only';

/**
 * Only the site's own pages may report analytics: a browser says where a request comes from
 * (`Sec-Fetch-Site`, and `Origin` on every POST, beacons included), and an event another
 * site's page makes its visitors send is refused (403) before anything is stored. A request
 * with neither header (a script) is left to the per-client limits.
 */
@Injectable()
export class SameSiteGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    if (!isSameOrigin(context.switchToHttp().getRequest<Request>(), this.config.publicUrl))
      throw new ForbiddenException(CROSS_SITE_MESSAGE);
    return true;
  }
}
