import { Injectable } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import { clientAddressOf } from '../../common/client-address.js';

/** The login limit counted per client as every per-address cap counts it (an IPv6 client by its /64). */
@Injectable()
export class ClientThrottlerGuard extends ThrottlerGuard {
  protected override getTracker(req: Record<string, unknown>): Promise<string> {
    return Promise.resolve(clientAddressOf(req as { ip?: string }));
  }
}
