import { Injectable } from '@nestjs/common';

/**
 * The version of the privacy policy a guest saw beside the news box, written into each consent
 * record (docs/privacy.md).
 */
@Injectable()
export class PolicyVersions {
  async privacyVersion(): Promise<string> {
    return '1';
  }
}
