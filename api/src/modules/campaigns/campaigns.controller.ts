import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  createCampaignRequestSchema,
  sendTestCampaignRequestSchema,
  type Campaign,
  type CampaignProgressItem,
  type CreateCampaignRequest,
  type SendTestCampaignRequest,
  type SendTestCampaignResponse,
} from '@festival/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { CurrentStaff, type StaffActor } from '../staff/staff-actor.js';
import { CampaignsService } from './campaigns.service.js';

/** E-mail campaigns, for the manager only (the global guard; no device role). */
@Controller('campaigns')
export class CampaignsController {
  constructor(private readonly campaigns: CampaignsService) {}

  @Get()
  list(): Promise<Campaign[]> {
    return this.campaigns.list();
  }

  /** Status and counts only, for polling while a campaign is sending. */
  @Get('progress')
  progress(): Promise<CampaignProgressItem[]> {
    return this.campaigns.progress();
  }

  @Post()
  create(
    @Body(new ZodValidationPipe(createCampaignRequestSchema)) body: CreateCampaignRequest,
    @CurrentStaff() actor: StaffActor,
  ): Promise<Campaign> {
    return this.campaigns.create(body, actor);
  }

  /** Starts sending a draft and answers at once (202); the list shows the progress. */
  @Post(':id/send')
  @HttpCode(202)
  send(@Param('id') id: string, @CurrentStaff() actor: StaffActor): Promise<Campaign> {
    return this.campaigns.send(id, actor);
  }

  @Post(':id/test')
  @HttpCode(200)
  sendTest(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(sendTestCampaignRequestSchema)) body: SendTestCampaignRequest,
    @CurrentStaff() actor: StaffActor,
  ): Promise<SendTestCampaignResponse> {
    return this.campaigns.sendTest(id, body.email, actor);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Param('id') id: string, @CurrentStaff() actor: StaffActor): Promise<void> {
    await this.campaigns.remove(id, actor);
  }
}
