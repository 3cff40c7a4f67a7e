import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityLog } from './activity-log.service.js';
import { StaffController } from './staff.controller.js';
import { StaffActivityEntity } from './staff-activity.entity.js';
import { StaffDeviceEntity } from './staff-device.entity.js';
import { StaffDevicesService } from './staff-devices.service.js';

/**
 * Staff access beyond the password: device passes for the door and bar phones, and the activity
 * log. Global, so that any module can record its staff actions with ActivityLog.
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([StaffDeviceEntity, StaffActivityEntity])],
  controllers: [StaffController],
  providers: [ActivityLog, StaffDevicesService],
  exports: [ActivityLog, StaffDevicesService],
})
export class StaffModule {}
