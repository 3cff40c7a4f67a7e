import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, type NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import { DataSource } from 'typeorm';
import { PAGE_SEO } from '@festival/contracts';
import type { Logger } from 'pino';
import { AppModule } from './app.module.js';
import type { AppConfig } from './config/app-config.js';
import { HttpErrorFilter } from './common/http-error.filter.js';
import { clientRateLimits } from './common/client-rate-limits.js';
import { requestLogging } from './common/http-middleware.js';
import { mountBodyParsing } from './common/request-body.js';
import { responseCompression } from './common/response-compression.js';
import { securityHeaders } from './common/security-headers.js';
import { createLogger, PinoNestLogger } from './common/logger.js';
import { runMigrations } from './database/migrate.js';
import { SiteService } from './modules/site/site.service.js';
import { mountFrontends, type PageHtmlRegistry, type SiteConfigSource } from './web/frontends.js';
import { mountCrawlerFiles } from './web/crawler-files.js';
import { seoPageHtml } from './web/landing-head.js';

export interface CreatedApp {
  app: NestExpressApplication;
  logger: Logger;
}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** Builds the whole HTTP application (used by main and by the integration tests). */
export async function createApp(config: AppConfig, logger: Logger = createLogger(config.logLevel)): Promise<CreatedApp> {
  const server = express();
  server.disable('x-powered-by');
  server.set('trust proxy', parseTrustProxy(config.trustProxy));
  server.use(requestLogging(logger));
  const security = securityHeaders(Boolean(config.stripe));
  server.use(security);
  // The API's JSON and the pages it renders, compressed by Accept-Encoding (the builds' files come pre-compressed).
  server.use(responseCompression());
  // Counted before any body is read: a client over its limit never costs a parse.
  server.use(
    clientRateLimits([
      {
        method: 'POST',
        path: /^\/api\/analytics$/,
        limit: config.analytics.eventsPerMinute,
        windowMs: 60_000,
        message: 'Too many analytics events from this address. Please slow down.',
      },
      // The three routes that start a payment: card testing and the gateway's own rate limit.
      ...['party-payment-intent', 'drink-payment-intent', 'drink-tab'].map((route) => ({
        method: 'POST',
        path: new RegExp(`^/api/${route}$`),
        limit: config.paymentStarts.per10Minutes,
        windowMs: 10 * 60_000,
        message: 'Too many payments started from this address. Please wait a few minutes and try again.',
      })),
    ]),
  );
  mountBodyParsing(server);
  const pages: PageHtmlRegistry = new Map();
  const siteConfig: SiteConfigSource = {};
  mountCrawlerFiles(server, config.publicUrl);
  if (config.staticRoot) mountFrontends(server, config.staticRoot, config.remotesManifestPath, pages, logger, siteConfig);

  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), new ExpressAdapter(server), {
    bodyParser: false,
    logger: new PinoNestLogger(logger),
    abortOnError: false,
  });
  // The landing and party pages' titles, preview tags and JSON-LD go into their HTML (see docs/seo.md).
  for (const [path, seo] of Object.entries(PAGE_SEO)) pages.set(path, seoPageHtml(seo, app.get(SiteService), config.publicUrl));
  // The pre-rendered landing and party pages show the current configuration (docs/landing-page.md).
  const siteService = app.get(SiteService);
  siteConfig.get = () => siteService.get();
  app.setGlobalPrefix('api');
  app.useGlobalFilters(new HttpErrorFilter(logger));
  app.enableShutdownHooks();
  await runMigrations(app.get(DataSource), logger);
  await app.init();
  return { app, logger };
}
