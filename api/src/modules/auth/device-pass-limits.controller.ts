import { Controller, HttpCode, Post } from '@nestjs/common';
import type { DevicePassUnlock } from '@festival/contracts';
import { ApiRoute } from '../../common/route-facts.js';
import { ActivityLog } from '../staff/activity-log.service.js';
import { CurrentStaff, type StaffActor } from '../staff/staff-actor.js';
import { DevicePassAttempts } from './device-pass-attempts.js';

/** The manager's `Unlock sign-ins` on the Devices page (manager only: no @Roles). */
@Controller('admin')
export class DevicePassLimitsController {
  constructor(
    private readonly attempts: DevicePassAttempts,
    private readonly activity: ActivityLog,
  ) {}

  /** Forgets every network's count of refused device passes, so the door and bar phones there may sign in again. */
  @Post('devices/unlock-sign-ins')
  @ApiRoute({
    tag: 'staff',
    summary: 'Unlock device sign-ins refused after too many passes that were not valid',
    response: { type: 'DevicePassUnlock' },
  })
  @HttpCode(200)
  async unlock(@CurrentStaff() actor: StaffActor): Promise<DevicePassUnlock> {
    const cleared = await this.attempts.unlockAll();
    await this.activity.recordAlone(actor, {
      action: 'device.unlock',
      object: 'Device sign-ins',
      detail: `${cleared} ${cleared === 1 ? 'network' : 'networks'} unlocked`,
    });
    return { cleared };
  }
}
