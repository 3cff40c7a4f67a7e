import { Injectable } from '@nestjs/common';
import { PoliciesService } from './policies.service.js';

/**
 * The version of the privacy policy a guest saw beside the news box, written into each consent
 * record (docs/privacy.md): the season on sale's current version, as `/privacy` shows it.
 */
@Injectable()
export class PolicyVersions {
  constructor(private readonly policies: PoliciesService) {}

  async privacyVersion(): Promise<string> {
    return this.policies.privacyVersion();
  }
}
