import { BadRequestException, Injectable, UnauthorizedException, type ExecutionContext } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { adminLoginRequestSchema } from '@festival/contracts';
import { plainIp } from '../../common/client-address.js';
import { describeZodError } from '../../common/zod-validation.pipe.js';
import { ActivityLog } from '../staff/activity-log.service.js';

/** Validates the login body, then lets passport-local check the password; a wrong one goes on the activity log. */
@Injectable()
export class LocalAuthGuard extends AuthGuard('local') {
  constructor(private readonly activity: ActivityLog) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const parsed = adminLoginRequestSchema.safeParse(req.body as unknown);
    if (!parsed.success) throw new BadRequestException(describeZodError(parsed.error));
    try {
      return (await super.canActivate(context)) as boolean;
    } catch (error) {
      if (error instanceof UnauthorizedException) {
        await this.activity.recordAlone(null, { action: 'login.failed', object: `from ${plainIp(req.ip) ?? 'an unknown address'}` });
      }
      throw error;
    }
  }

  override handleRequest<TUser>(err: unknown, user: TUser | false): TUser {
    if (err) throw err;
    if (!user) throw new UnauthorizedException('Incorrect password');
    return user;
  }
}
