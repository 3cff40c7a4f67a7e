import { Body, Controller, Get, Header, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import { LoginLimitGuard } from './login-limit.guard.js';
import type { Request, Response } from 'express';
import {
  redeemDevicePassRequestSchema,
  type AdminCheckResponse,
  type RedeemDevicePassRequest,
  adminCheckResponseSchema,
  adminLoginRequestSchema,
} from '@festival/contracts';
import { clientAddressOf } from '../../common/client-address.js';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { DevicePassAttempts } from './device-pass-attempts.js';
import { LocalAuthGuard } from './local-auth.guard.js';
import { Public } from './public.decorator.js';
import { SameOriginSignInGuard } from './same-origin-sign-in.guard.js';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { ActivityLog } from '../staff/activity-log.service.js';
import { MANAGER_NAME, staffActorOf } from '../staff/staff-actor.js';
import { StaffDevicesService } from '../staff/staff-devices.service.js';
import { passwordVersion, SESSION_COOKIE } from './session.middleware.js';
import { ApiRoute } from '../../common/route-facts.js';

function promisify(fn: (cb: (err?: unknown) => void) => void): Promise<void> {
  return new Promise((resolve, reject) => fn((err) => (err ? reject(err) : resolve())));
}

/** What the check says about a request's session. */
function checkOf(req: Request): AdminCheckResponse {
  const staff = staffActorOf(req);
  if (staff) return { authenticated: true, staff: { role: staff.role, name: staff.name } };
  return req.staffSessionEnded ? { authenticated: false, ended: req.staffSessionEnded } : { authenticated: false };
}

@Controller('admin')
@Public()
export class AuthController {
  private readonly passwordVersion: string;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly devices: StaffDevicesService,
    private readonly activity: ActivityLog,
    private readonly passAttempts: DevicePassAttempts,
  ) {
    this.passwordVersion = passwordVersion(config);
  }

  @Get('check')
  @ApiRoute({ tag: 'staff', summary: 'Who is signed in', response: { schema: adminCheckResponseSchema, name: 'AdminCheckResponse' } })
  check(@Req() req: Request): AdminCheckResponse {
    return checkOf(req);
  }

  /** Checks the shared password and starts a fresh manager session (a new id: no session fixation). */
  @Post('login')
  @ApiRoute({
    tag: 'staff',
    summary: "Sign in with the manager's password",
    body: { schema: adminLoginRequestSchema, name: 'AdminLoginRequest' },
    response: { schema: adminCheckResponseSchema, name: 'AdminCheckResponse' },
  })
  @HttpCode(200)
  @UseGuards(LoginLimitGuard, SameOriginSignInGuard, LocalAuthGuard)
  async login(@Req() req: Request): Promise<AdminCheckResponse> {
    await promisify((cb) => req.session.regenerate(cb));
    req.session.admin = true;
    req.session.role = 'manager';
    req.session.authenticatedAt = Date.now();
    req.session.passwordVersion = this.passwordVersion;
    await promisify((cb) => req.session.save(cb));
    await this.activity.recordAlone(staffActorOf(req), { action: 'login', object: MANAGER_NAME });
    return checkOf(req);
  }

  /**
   * Opens a device pass: this browser is signed in as the pass's device (its role and name),
   * once; the pass is then spent. A valid unspent pass always signs in; only refused passes are
   * counted against the address's limit (DevicePassAttempts), so junk sent from the venue's
   * shared network never locks the real phones out. From another site's page it is refused and
   * the pass stays unspent.
   */
  @Post('device-pass')
  @ApiRoute({
    tag: 'staff',
    summary: 'Sign a door or bar device in with its one-time pass',
    body: { schema: redeemDevicePassRequestSchema, name: 'RedeemDevicePassRequest' },
    response: { schema: adminCheckResponseSchema, name: 'AdminCheckResponse' },
  })
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @UseGuards(SameOriginSignInGuard)
  async redeemPass(@Body(new ZodValidationPipe(redeemDevicePassRequestSchema)) body: RedeemDevicePassRequest, @Req() req: Request) {
    const device = await this.devices
      .redeem(body.pass)
      .catch((refusal: unknown) => this.passAttempts.refused(clientAddressOf(req), refusal));
    await promisify((cb) => req.session.regenerate(cb));
    req.session.admin = true;
    req.session.role = device.role;
    req.session.deviceId = device.id;
    req.session.staffName = device.name;
    req.session.authenticatedAt = Date.now();
    req.session.passwordVersion = this.passwordVersion;
    await promisify((cb) => req.session.save(cb));
    return checkOf(req);
  }

  @Post('logout')
  @ApiRoute({ tag: 'staff', summary: 'Sign out', response: { schema: adminCheckResponseSchema, name: 'AdminCheckResponse' } })
  @HttpCode(200)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<AdminCheckResponse> {
    const staff = staffActorOf(req);
    if (req.session) await promisify((cb) => req.session.destroy(cb));
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    if (staff) await this.activity.recordAlone(staff, { action: 'logout', object: staff.name });
    return { authenticated: false };
  }
}
