import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  campaignPreviewRequestSchema,
  campaignPreviewSchema,
  createCampaignRequestSchema,
  type CampaignPreview,
  type CampaignPreviewRequest,
  sendTestCampaignRequestSchema,
  type Campaign,
  type CampaignProgressItem,
  type CreateCampaignRequest,
  type SendTestCampaignRequest,
  type SendTestCampaignResponse,
  campaignSchema,
  campaignProgressItemSchema,
  sendTestCampaignResponseSchema,
  campaignAudienceCountSchema,
  campaignRecipientReportSchema,
  guestAudienceSchema,
  type CampaignAudienceCount,
  type CampaignRecipientReport,
  type GuestAudience,
} from '@festival/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { CurrentStaff, type StaffActor } from '../staff/staff-actor.js';
import { CampaignsService } from './campaigns.service.js';
import { ApiRoute, BodyLimit, MB } from '../../common/route-facts.js';

/** E-mail campaigns, for the manager only (the global guard; no device role). */
@Controller('campaigns')
export class CampaignsController {
  constructor(private readonly campaigns: CampaignsService) {}

  @Get()
  @ApiRoute({ tag: 'campaigns', summary: 'E-mail campaigns', response: { schema: campaignSchema, name: 'Campaign', array: true } })
  list(): Promise<Campaign[]> {
    return this.campaigns.list();
  }

  /** Status and counts only, for polling while a campaign is sending. */
  @Get('progress')
  @ApiRoute({
    tag: 'campaigns',
    summary: "Sending campaigns' progress",
    response: { schema: campaignProgressItemSchema, name: 'CampaignProgressItem', array: true },
  })
  progress(): Promise<CampaignProgressItem[]> {
    return this.campaigns.progress();
  }

  /** How many guests a campaign to the audience would be written for now (agreed to news, not suppressed). */
  @Get('audiences/:audience')
  @ApiRoute({
    tag: 'campaigns',
    summary: "A campaign audience's recipient count",
    response: { schema: campaignAudienceCountSchema, name: 'CampaignAudienceCount' },
  })
  audienceCount(@Param('audience', new ZodValidationPipe(guestAudienceSchema)) audience: GuestAudience): Promise<CampaignAudienceCount> {
    return this.campaigns.audienceCount(audience);
  }

  /** Each recipient and what became of it: sent, failed with the server's answer, or skipped with its reason. */
  @Get(':id/recipients')
  @ApiRoute({
    tag: 'campaigns',
    summary: "A campaign's report: its recipients and their statuses",
    response: { schema: campaignRecipientReportSchema, name: 'CampaignRecipientReport', array: true },
  })
  report(@Param('id') id: string): Promise<CampaignRecipientReport[]> {
    return this.campaigns.report(id);
  }

  @Post()
  @ApiRoute({
    tag: 'campaigns',
    summary: 'Create a campaign',
    body: { schema: createCampaignRequestSchema, name: 'CreateCampaignRequest' },
    response: { schema: campaignSchema, name: 'Campaign' },
  })
  @BodyLimit(2 * MB, 'campaign content with inline images')
  create(
    @Body(new ZodValidationPipe(createCampaignRequestSchema)) body: CreateCampaignRequest,
    @CurrentStaff() actor: StaffActor,
  ): Promise<Campaign> {
    return this.campaigns.create(body, actor);
  }

  /** A draft as it will be sent (the same rendering), for the preview beside the editor; nothing is stored. */
  @Post('preview')
  @ApiRoute({
    tag: 'campaigns',
    summary: 'Preview a campaign e-mail',
    body: { schema: campaignPreviewRequestSchema, name: 'CampaignPreviewRequest' },
    response: { schema: campaignPreviewSchema, name: 'CampaignPreview' },
  })
  @BodyLimit(2 * MB, 'campaign content with inline images')
  @HttpCode(200)
  preview(@Body(new ZodValidationPipe(campaignPreviewRequestSchema)) body: CampaignPreviewRequest): Promise<CampaignPreview> {
    return this.campaigns.preview(body);
  }

  /** Starts sending a draft and answers at once (202); the list shows the progress. */
  @Post(':id/send')
  @ApiRoute({ tag: 'campaigns', summary: 'Start sending a campaign', response: { schema: campaignSchema, name: 'Campaign' } })
  @HttpCode(202)
  send(@Param('id') id: string, @CurrentStaff() actor: StaffActor): Promise<Campaign> {
    return this.campaigns.send(id, actor);
  }

  @Post(':id/test')
  @ApiRoute({
    tag: 'campaigns',
    summary: 'Send a test e-mail of a campaign',
    body: { schema: sendTestCampaignRequestSchema, name: 'SendTestCampaignRequest' },
    response: { schema: sendTestCampaignResponseSchema, name: 'SendTestCampaignResponse' },
  })
  @HttpCode(200)
  sendTest(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(sendTestCampaignRequestSchema)) body: SendTestCampaignRequest,
    @CurrentStaff() actor: StaffActor,
  ): Promise<SendTestCampaignResponse> {
    return this.campaigns.sendTest(id, body.email, actor);
  }

  @Delete(':id')
  @ApiRoute({ tag: 'campaigns', summary: 'Delete a draft campaign', response: { empty: true } })
  @HttpCode(204)
  async remove(@Param('id') id: string, @CurrentStaff() actor: StaffActor): Promise<void> {
    await this.campaigns.remove(id, actor);
  }
}
