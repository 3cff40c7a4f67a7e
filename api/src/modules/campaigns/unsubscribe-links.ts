import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { recipientEmailSchema } from '@festival/contracts';
import { publicBaseUrl, type AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';

const KEY_PURPOSE = 'festival:campaign-unsubscribe:v1';

/**
 * Signed unsubscribe links. The token is `<address, base64url>.<HMAC-SHA256 of it>`: it needs
 * no database row (it keeps working after the campaign is deleted) and cannot be forged for
 * another address. The key is derived from UNSUBSCRIBE_SECRET (or SESSION_SECRET) for this
 * one purpose. Links do not expire: the law wants them to work long after the mail was sent.
 */
@Injectable()
export class UnsubscribeLinks {
  private readonly key: Buffer;
  private readonly baseUrl: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = createHmac('sha256', config.campaigns.unsubscribeSecret).update(KEY_PURPOSE).digest();
    this.baseUrl = publicBaseUrl(config);
  }

  token(email: string): string {
    const payload = Buffer.from(email, 'utf8').toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  url(email: string): string {
    return `${this.baseUrl}/api/unsubscribe?token=${this.token(email)}`;
  }

  /** The address a token was made for, or undefined when it is not one of ours. */
  emailOf(token: unknown): string | undefined {
    if (typeof token !== 'string' || token.length > 1024) return undefined;
    const parts = token.split('.');
    if (parts.length !== 2) return undefined;
    const [payload, mac] = parts;
    const expected = Buffer.from(this.mac(payload));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const email = recipientEmailSchema.safeParse(Buffer.from(payload, 'base64url').toString('utf8'));
    return email.success ? email.data : undefined;
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
