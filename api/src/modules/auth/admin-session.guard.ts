import { ForbiddenException, Inject, Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { DeviceRole } from '@festival/contracts';
import { isSameOrigin } from '../../common/same-origin.js';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { ALLOWED_ROLES } from '../staff/roles.decorator.js';
import { staffActorOf } from '../staff/staff-actor.js';
import { IS_PUBLIC } from './public.decorator.js';
import { CROSS_ORIGIN_MESSAGE } from './same-origin-sign-in.guard.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The global guard: routes not marked @Public() need an authenticated staff session, and their
 * mutating calls must come from the site's own origin (a second line behind SameSite=Strict).
 * The manager may call every staff route; a door or bar device only those whose `@Roles(...)`
 * names its role (on the handler, or else on the controller), and gets 403 anywhere else.
 */
@Injectable()
export class AdminSessionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const targets = [context.getHandler(), context.getClass()];
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets);
    if (isPublic) return true;
    const req = context.switchToHttp().getRequest<Request>();
    const staff = staffActorOf(req);
    if (!staff) throw new UnauthorizedException(req.staffSessionEnded ?? 'Staff login required');
    if (!SAFE_METHODS.has(req.method) && !isSameOrigin(req, this.config.publicUrl)) {
      throw new ForbiddenException(CROSS_ORIGIN_MESSAGE);
    }
    if (staff.role === 'manager') return true;
    const allowed = this.reflector.getAllAndOverride<DeviceRole[] | undefined>(ALLOWED_ROLES, targets) ?? [];
    if (!allowed.includes(staff.role)) {
      throw new ForbiddenException(`Not allowed: ${staff.name} is signed in for the ${staff.role} only. Ask the manager.`);
    }
    return true;
  }
}
