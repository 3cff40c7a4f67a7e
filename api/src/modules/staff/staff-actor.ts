import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { StaffRole } from '@festival/contracts';

/** Who is acting: the manager (the password login) or a device signed in with its pass. */
export interface StaffActor {
  role: StaffRole;
  /** `Manager`, or the device's name. */
  name: string;
  deviceId: string | null;
}

export const MANAGER_NAME = 'Manager';

/**
 * The staff session of a request, or null without one. A session from before roles existed
 * (`admin` with no role) was opened with the password: the manager's.
 */
export function staffActorOf(req: Request): StaffActor | null {
  const session = req.session;
  if (session?.admin !== true) return null;
  if (session.role && session.role !== 'manager') {
    return { role: session.role, name: session.staffName ?? 'Device', deviceId: session.deviceId ?? null };
  }
  return { role: 'manager', name: MANAGER_NAME, deviceId: null };
}

/**
 * The acting staff member of a guarded route, for the activity log. Only on routes behind the
 * global guard (never `@Public()`), where a session is certain.
 */
export const CurrentStaff = createParamDecorator((_data: unknown, context: ExecutionContext): StaffActor => {
  const actor = staffActorOf(context.switchToHttp().getRequest<Request>());
  if (!actor) throw new Error('CurrentStaff used on a route without a staff session');
  return actor;
});
