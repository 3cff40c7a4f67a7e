import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import type { Logger } from 'pino';
import type { AppConfig } from './config/app-config.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseToolsModule } from './common/database-tools.module.js';
import { MetricsCoreModule } from './common/metrics/metrics-core.module.js';
import { ENTITIES } from './app.entities.js';
import { dataSourceOptions } from './database/data-source-options.js';
import { AnalyticsModule } from './modules/analytics/analytics.module.js';
import { ApiDocsModule } from './modules/api-docs/api-docs.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { CampaignsModule } from './modules/campaigns/campaigns.module.js';
import { DoorModule } from './modules/door/door.module.js';
import { DrinksModule } from './modules/drinks/drinks.module.js';
import { FeastModule } from './modules/feast/feast.module.js';
import { GuestAccountModule } from './modules/guest-account/guest-account.module.js';
import { GuestsModule } from './modules/guests/guests.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { MailModule } from './modules/mail/mail.module.js';
import { MetricsModule } from './modules/metrics/metrics.module.js';
import { PrivacyModule } from './modules/privacy/privacy.module.js';
import { PaymentsModule } from './modules/payments/payments.module.js';
import { ReportsModule } from './modules/reports/reports.module.js';
import { SeasonStartModule } from './modules/season-start/season-start.module.js';
import { SeasonsModule } from './modules/seasons/seasons.module.js';
import { SettingsModule } from './modules/settings/settings.module.js';
import { StaffModule } from './modules/staff/staff.module.js';
import { TicketsModule } from './modules/tickets/tickets.module.js';

@Module({})
export class AppModule {
  /**
   * `logger` is the API's one pino logger: the request logging in front of Nest (its `req.log`
   * carries the request id) is reused, so every line a request's handlers log carries that id.
   */
  static forRoot(config: AppConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        LoggerModule.forRoot({ pinoHttp: { logger }, useExisting: true }),
        ConfigModule.forRoot(config),
        TypeOrmModule.forRoot(dataSourceOptions(config.database, ENTITIES)),
        DatabaseToolsModule,
        MetricsCoreModule,
        MailModule,
        HealthModule,
        SeasonsModule,
        SeasonStartModule,
        SettingsModule,
        PrivacyModule,
        StaffModule,
        AuthModule,
        TicketsModule,
        GuestAccountModule,
        FeastModule,
        DrinksModule,
        PaymentsModule,
        AnalyticsModule,
        CampaignsModule,
        DoorModule,
        ReportsModule,
        GuestsModule,
        ApiDocsModule,
        MetricsModule,
      ],
    };
  }
}
