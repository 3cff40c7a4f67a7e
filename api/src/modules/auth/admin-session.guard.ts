import { ForbiddenException, Inject, Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { isSameOrigin } from '../../common/same-origin.js';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { IS_PUBLIC } from './public.decorator.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The global guard: routes not marked @Public() need an authenticated staff session, and their
 * mutating calls must come from the site's own origin (a second line behind SameSite=Strict).
 */
@Injectable()
export class AdminSessionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    const req = context.switchToHttp().getRequest<Request>();
    if (req.session?.admin !== true) throw new UnauthorizedException('Staff login required');
    if (!SAFE_METHODS.has(req.method) && !isSameOrigin(req, this.config.publicUrl)) {
      throw new ForbiddenException('Cross-origin request refused');
    }
    return true;
  }
}
