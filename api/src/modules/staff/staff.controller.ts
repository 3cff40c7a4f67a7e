import { Body, Controller, Get, Header, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  activityQuerySchema,
  createDeviceRequestSchema,
  type ActivityPage,
  type ActivityQuery,
  type CreateDeviceRequest,
  type CreatedStaffDevice,
  type StaffDevice,
} from '@festival/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { ActivityLog } from './activity-log.service.js';
import { CurrentStaff, type StaffActor } from './staff-actor.js';
import { StaffDevicesService } from './staff-devices.service.js';
import { ApiRoute } from '../../common/route-facts.js';

/** The manager's side of staff access: device passes and the activity log (manager only: no @Roles). */
@Controller('admin')
export class StaffController {
  constructor(
    private readonly devices: StaffDevicesService,
    private readonly activity: ActivityLog,
  ) {}

  @Get('devices')
  @ApiRoute({ tag: 'staff', summary: 'Door and bar devices', response: { type: 'StaffDevice', array: true } })
  @Header('Cache-Control', 'no-store')
  list(): Promise<StaffDevice[]> {
    return this.devices.list();
  }

  /** A new device and its one-use pass link (shown once: only its hash is kept). */
  @Post('devices')
  @ApiRoute({
    tag: 'staff',
    summary: 'Add a device and get its one-time pass',
    body: { schema: createDeviceRequestSchema, name: 'CreateDeviceRequest' },
    response: { type: 'CreatedStaffDevice' },
  })
  @Header('Cache-Control', 'no-store')
  create(
    @Body(new ZodValidationPipe(createDeviceRequestSchema)) body: CreateDeviceRequest,
    @CurrentStaff() actor: StaffActor,
  ): Promise<CreatedStaffDevice> {
    return this.devices.create(body, actor);
  }

  /** Ends the device's sessions at once (its next request is a 401). */
  @Post('devices/:id/revoke')
  @ApiRoute({ tag: 'staff', summary: 'Revoke a device', response: { type: 'StaffDevice' } })
  @HttpCode(200)
  revoke(@Param('id') id: string, @CurrentStaff() actor: StaffActor): Promise<StaffDevice> {
    return this.devices.revoke(id, actor);
  }

  @Get('activity')
  @ApiRoute({ tag: 'staff', summary: "The staff's activity log", query: activityQuerySchema, response: { type: 'ActivityPage' } })
  @Header('Cache-Control', 'no-store')
  listActivity(@Query(new ZodValidationPipe(activityQuerySchema)) query: ActivityQuery): Promise<ActivityPage> {
    return this.activity.list(query);
  }
}
