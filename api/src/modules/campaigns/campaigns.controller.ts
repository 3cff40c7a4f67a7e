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
import { CampaignsService } from './campaigns.service.js';

/** E-mail campaigns, for staff only (the global guard). */
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
  create(@Body(new ZodValidationPipe(createCampaignRequestSchema)) body: CreateCampaignRequest): Promise<Campaign> {
    return this.campaigns.create(body);
  }

  /** Starts sending a draft and answers at once (202); the list shows the progress. */
  @Post(':id/send')
  @HttpCode(202)
  send(@Param('id') id: string): Promise<Campaign> {
    return this.campaigns.send(id);
  }

  @Post(':id/test')
  @HttpCode(200)
  sendTest(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(sendTestCampaignRequestSchema)) body: SendTestCampaignRequest,
  ): Promise<SendTestCampaignResponse> {
    return this.campaigns.sendTest(id, body.email);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Param('id') id: string): Promise<void> {
    await this.campaigns.remove(id);
  }
}
