import { BadRequestException, Injectable, UnauthorizedException, type ExecutionContext } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { adminLoginRequestSchema } from '@festival/contracts';
import { describeZodError } from '../../common/zod-validation.pipe.js';

/** Validates the login body, then lets passport-local check the password. */
@Injectable()
export class LocalAuthGuard extends AuthGuard('local') {
  override canActivate(context: ExecutionContext) {
    const body = context.switchToHttp().getRequest<Request>().body as unknown;
    const parsed = adminLoginRequestSchema.safeParse(body);
    if (!parsed.success) throw new BadRequestException(describeZodError(parsed.error));
    return super.canActivate(context);
  }

  override handleRequest<TUser>(err: unknown, user: TUser | false): TUser {
    if (err) throw err;
    if (!user) throw new UnauthorizedException('Incorrect password');
    return user;
  }
}
