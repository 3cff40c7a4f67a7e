import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { HttpException, HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, MoreThan, Repository } from 'typeorm';
import {
  DEVICE_PASS_TTL_HOURS,
  type CreateDeviceRequest,
  type CreatedStaffDevice,
  type StaffDevice,
  type StaffDeviceStatus,
} from '@festival/contracts';
import { ExclusiveSection } from '../../common/exclusive-section.js';
import { ActivityLog } from './activity-log.service.js';
import type { StaffActor } from './staff-actor.js';
import { StaffDeviceEntity } from './staff-device.entity.js';
import { isUuid } from '../../common/uuid.js';

const PASS_TTL_MS = DEVICE_PASS_TTL_HOURS * 60 * 60 * 1000;
/** `lastSeenAt` is written at most this often per device (not on every poll of the bar queue). */
const LAST_SEEN_EVERY_MS = 30_000;

/** The fragment of the pass link that carries the secret: `/admin/login#device-pass=<secret>`. */
export const DEVICE_PASS_PATH = '/admin/login#device-pass=';

export const hashPass = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

export function deviceStatus(row: StaffDeviceEntity, now = new Date()): StaffDeviceStatus {
  if (row.revokedAt) return 'revoked';
  if (row.signedInAt) return 'active';
  return row.passExpiresAt.getTime() > now.getTime() ? 'waiting' : 'expired';
}

export function toStaffDevice(row: StaffDeviceEntity, now = new Date()): StaffDevice {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    status: deviceStatus(row, now),
    createdAt: row.createdAt.toISOString(),
    passExpiresAt: row.passExpiresAt.toISOString(),
    signedInAt: row.signedInAt?.toISOString() ?? null,
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** A pass that cannot sign anyone in: 410 (or 404 for a pass that never existed) with the reason. */
export class DevicePassRefusedException extends HttpException {
  constructor(message: string, status = HttpStatus.GONE) {
    super({ message }, status);
  }
}

/**
 * Device passes: the manager adds a device (a name and a role) and gets a one-use link. Its
 * secret is random (256 bits), shown once, and stored only as its SHA-256. The first browser to
 * open it within 24 hours is signed in as that device; the pass is then spent. Revoking a
 * device ends its sessions at once: every request of a device session asks `sessionAlive`.
 */
@Injectable()
export class StaffDevicesService {
  constructor(
    @InjectRepository(StaffDeviceEntity) private readonly devices: Repository<StaffDeviceEntity>,
    private readonly exclusive: ExclusiveSection,
    private readonly activity: ActivityLog,
  ) {}

  async list(now = new Date()): Promise<StaffDevice[]> {
    const rows = await this.devices.find({ order: { createdAt: 'DESC', id: 'ASC' }, take: 500 });
    return rows.map((row) => toStaffDevice(row, now));
  }

  async create(request: CreateDeviceRequest, actor: StaffActor): Promise<CreatedStaffDevice> {
    const secret = randomBytes(32).toString('base64url');
    const now = new Date();
    const row: StaffDeviceEntity = {
      id: randomUUID(),
      name: request.name,
      role: request.role,
      passHash: hashPass(secret),
      passExpiresAt: new Date(now.getTime() + PASS_TTL_MS),
      signedInAt: null,
      lastSeenAt: null,
      revokedAt: null,
      createdAt: now,
    };
    await this.exclusive.transaction(async (manager) => {
      await manager.insert(StaffDeviceEntity, row);
      await this.activity.record(manager, actor, { action: 'device.added', object: request.name, detail: `role ${request.role}` }, now);
    });
    return { device: toStaffDevice(row, now), passPath: `${DEVICE_PASS_PATH}${secret}` };
  }

  /** Ends the device's sessions at once and spends its pass. Revoking a revoked device changes nothing. */
  async revoke(id: string, actor: StaffActor): Promise<StaffDevice> {
    const row = await this.findOrThrow(id);
    const now = new Date();
    await this.exclusive.transaction(async (manager) => {
      const result = await manager.update(StaffDeviceEntity, { id, revokedAt: IsNull() }, { revokedAt: now });
      if (result.affected)
        await this.activity.record(manager, actor, { action: 'device.revoked', object: row.name, detail: `role ${row.role}` }, now);
    });
    return toStaffDevice(await this.findOrThrow(id), now);
  }

  /**
   * Spends a pass: the device it belongs to, if the pass is unused, unexpired and not revoked
   * (one conditional UPDATE decides, so two browsers racing for one pass cannot both win).
   * Otherwise a refusal that says why.
   */
  async redeem(secret: string): Promise<StaffDeviceEntity> {
    const now = new Date();
    const outcome = await this.exclusive.transaction(async (manager) => {
      const row = await manager.findOneBy(StaffDeviceEntity, { passHash: hashPass(secret) });
      if (!row)
        return { refused: new DevicePassRefusedException('This pass is not valid. Ask the manager for a new pass.', HttpStatus.NOT_FOUND) };
      const taken = await manager.update(
        StaffDeviceEntity,
        { id: row.id, signedInAt: IsNull(), revokedAt: IsNull(), passExpiresAt: MoreThan(now) },
        { signedInAt: now, lastSeenAt: now },
      );
      const actor: StaffActor = { role: row.role, name: row.name, deviceId: row.id };
      if (taken.affected) {
        await this.activity.record(manager, actor, { action: 'device.signed-in', object: row.name, detail: `role ${row.role}` }, now);
        return { device: { ...row, signedInAt: now, lastSeenAt: now } };
      }
      const reason = row.revokedAt
        ? 'This device was signed out. Ask the manager for a new pass.'
        : row.signedInAt
          ? 'This pass has already been used on another device. Ask the manager for a new pass.'
          : `This pass has expired (a pass lasts ${DEVICE_PASS_TTL_HOURS} hours). Ask the manager for a new pass.`;
      await this.activity.record(manager, actor, { action: 'device.pass-refused', object: row.name, detail: reason }, now);
      return { refused: new DevicePassRefusedException(reason) };
    });
    if ('refused' in outcome) throw outcome.refused;
    return outcome.device;
  }

  /**
   * Whether a device session may go on (its device exists and is not revoked). Notes when the
   * device was last seen, at most every 30 seconds.
   */
  async sessionAlive(deviceId: string, now = new Date()): Promise<boolean> {
    const row = await this.devices.findOne({ select: { id: true, revokedAt: true, lastSeenAt: true }, where: { id: deviceId } });
    if (!row || row.revokedAt) return false;
    if (!row.lastSeenAt || now.getTime() - row.lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS) {
      await this.devices.update({ id: deviceId, revokedAt: IsNull() }, { lastSeenAt: now });
    }
    return true;
  }

  private async findOrThrow(id: string): Promise<StaffDeviceEntity> {
    const row = isUuid(id) ? await this.devices.findOneBy({ id }) : null;
    if (!row) throw new NotFoundException('Device not found');
    return row;
  }
}
