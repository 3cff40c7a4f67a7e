import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ConsentRecordEntity } from './consent-record.entity.js';
import { EmailSuppressionEntity } from './email-suppression.entity.js';
import { ConsentRecords } from './consent-records.service.js';
import { AdminPoliciesController, PoliciesController } from './policies.controller.js';
import { PoliciesService } from './policies.service.js';
import { PolicyVersionEntity } from './policy-version.entity.js';
import { Suppressions } from './suppressions.service.js';

/**
 * Guests' consent to news and the suppression list (docs/privacy.md). Below tickets, feast and
 * the waitlist (which record consent) and campaigns (which build audiences from it and skip the
 * suppressed). And the privacy policy and ticket terms staff keep per season (`/privacy`, `/terms`).
 */
@Module({
  imports: [TypeOrmModule.forFeature([ConsentRecordEntity, EmailSuppressionEntity, PolicyVersionEntity])],
  controllers: [PoliciesController, AdminPoliciesController],
  providers: [Suppressions, ConsentRecords, PoliciesService],
  exports: [Suppressions, ConsentRecords],
})
export class PrivacyModule {}
