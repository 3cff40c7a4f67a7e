import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PrivacyModule } from '../privacy/privacy.module.js';
import { FeastModule } from '../feast/feast.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { TicketsModule } from '../tickets/tickets.module.js';
import { CampaignAudiences } from './campaign-audiences.js';
import { CampaignComposer } from './campaign-composer.js';
import { CampaignQueue } from './campaign-queue.js';
import { CampaignRecipientEntity } from './campaign-recipient.entity.js';
import { CampaignSendClockEntity } from './campaign-send-clock.entity.js';
import { CampaignSender } from './campaign-sender.js';
import { CampaignEntity } from './campaign.entity.js';
import { CampaignsController } from './campaigns.controller.js';
import { CampaignsService } from './campaigns.service.js';
import { UnsubscribeController } from './unsubscribe.controller.js';
import { UnsubscribeLinks } from './unsubscribe-links.js';

/**
 * E-mail campaigns: staff endpoints, the background sender, and the public unsubscribe link.
 * Above tickets and feast, whose paid buyers two of the audiences are drawn from.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([CampaignEntity, CampaignRecipientEntity, CampaignSendClockEntity]),
    SettingsModule,
    PrivacyModule,
    TicketsModule,
    FeastModule,
  ],
  controllers: [CampaignsController, UnsubscribeController],
  providers: [CampaignAudiences, CampaignsService, CampaignQueue, CampaignSender, CampaignComposer, UnsubscribeLinks],
})
export class CampaignsModule {}
