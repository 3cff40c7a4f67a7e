import { SetMetadata } from '@nestjs/common';
import type { DeviceRole } from '@festival/contracts';

export const ALLOWED_ROLES = 'festival:allowedRoles';

/**
 * The device roles, besides the manager, that may call a route (on a handler) or every route of
 * a controller (on the class; a handler's own declaration wins). The manager may call every
 * staff route; a staff route without `@Roles` is the manager's alone. The global guard
 * (AdminSessionGuard) enforces it and answers anyone else with 403.
 *
 *     @Controller('admin/check-ins')
 *     @Roles('door')
 *     export class CheckInsController { ... }
 */
export const Roles = (...roles: DeviceRole[]): MethodDecorator & ClassDecorator => SetMetadata(ALLOWED_ROLES, roles);
