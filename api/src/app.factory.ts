import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, type NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import { DataSource } from 'typeorm';
import { PAGE_SEO, pathWithoutLanguage, POLICY_KINDS, POLICY_PATHS, policyQueryKey } from '@festival/contracts';
import { Logger as NestPinoLogger } from 'nestjs-pino';
import type { Logger } from 'pino';
import { AppModule } from './app.module.js';
import type { AppConfig } from './config/app-config.js';
import { HttpErrorFilter } from './common/http-error.filter.js';
import { clientRateLimits, rateLimitTable, type ClientRateLimit, type RateLimitValues } from './common/client-rate-limits.js';
import { requestLogging } from './common/http-middleware.js';
import { FestivalMetrics } from './common/metrics/festival-metrics.js';
import { httpMetrics } from './common/metrics/http-metrics.js';
import { SharedRateLimits } from './common/rate-limiter.js';
import { bodyLimitTable, mountBodyParsing, type BodyLimitRule } from './common/request-body.js';
import { GLOBAL_PREFIX, type RateLimitKind } from './common/route-facts.js';
import { responseCompression } from './common/response-compression.js';
import { securityHeaders } from './common/security-headers.js';
import { createLogger, PinoNestLogger } from './common/logger.js';
import { runMigrations } from './database/migrate.js';
import { RouteCatalog, type CatalogRoute } from './modules/api-docs/route-catalog.js';
import { SiteService } from './modules/settings/site.service.js';
import { PoliciesService } from './modules/privacy/policies.service.js';
import { mountFrontends, type PageHtmlRegistry, type SiteConfigSource } from './web/frontends.js';
import { mountCrawlerFiles } from './web/crawler-files.js';
import { seoPageHtml } from './web/landing-head.js';
import { translatedPageSeo } from './web/translated-seo.js';
import { GUEST_REFUSALS } from './common/guest-refusals.js';

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

/**
 * The tables the middleware ahead of the routes reads, built from the routes' own declarations
 * (`@BodyLimit`, `@RateLimit`, common/route-facts.ts): each rate-limit kind's numbers come from
 * the configuration.
 */
export function routeTables(
  routes: readonly CatalogRoute[],
  config: AppConfig,
): { bodyLimits: BodyLimitRule[]; rateLimits: ClientRateLimit[] } {
  const kinds: Record<RateLimitKind, RateLimitValues> = {
    'analytics-event': {
      limit: config.analytics.eventsPerMinute,
      windowMs: 60_000,
      refusal: GUEST_REFUSALS.tooManyEvents,
    },
    // The routes that start a payment: card testing and the gateway's own rate limit.
    'payment-start': {
      limit: config.paymentStarts.per10Minutes,
      windowMs: 10 * 60_000,
      refusal: GUEST_REFUSALS.tooManyPayments,
    },
    // Joining the waitlist: a public write, throttled as the payment starts are.
    'waitlist-join': {
      limit: config.paymentStarts.per10Minutes,
      windowMs: 10 * 60_000,
      refusal: GUEST_REFUSALS.tooManyWaitlist,
    },
    // My tickets' `Send me a link` (docs/guest-account.md): a public write that sends mail.
    'my-tickets-link': {
      limit: config.myTickets.linksPerAddressPerHour,
      windowMs: 60 * 60_000,
      refusal: GUEST_REFUSALS.tooManyLinks,
    },
  };
  return { bodyLimits: bodyLimitTable(routes), rateLimits: rateLimitTable(routes, kinds) };
}

/** Builds the whole HTTP application (used by main and by the integration tests). */
export async function createApp(config: AppConfig, logger: Logger = createLogger(config.logLevel)): Promise<CreatedApp> {
  const server = express();
  server.disable('x-powered-by');
  // One canonical form of every path (docs/RELIABILITY.md, "Paths"): `/api/party-payment-intent/`
  // or `/API/Party-Payment-Intent` is no route at all, so no variant can reach a handler around
  // the limits and body limits that match each route's exact path before the body is read.
  server.set('strict routing', true);
  server.set('case sensitive routing', true);
  server.set('trust proxy', parseTrustProxy(config.trustProxy));
  server.use(requestLogging(logger));
  // Every response counted by route template (docs/operations.md), the app's registry once Nest built it.
  const metrics: { of?: FestivalMetrics } = {};
  server.use(httpMetrics(() => metrics.of));
  const security = securityHeaders(Boolean(config.stripe));
  server.use(security);
  // The API's JSON and the pages it renders, compressed by Accept-Encoding (the builds' files come pre-compressed).
  server.use(responseCompression());
  const pages: PageHtmlRegistry = new Map();
  const siteConfig: SiteConfigSource = { publicUrl: config.publicUrl };

  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, logger), new ExpressAdapter(server), {
    bodyParser: false,
    logger: new PinoNestLogger(logger),
    abortOnError: false,
  });
  // From here on Nest's `Logger` writes through nestjs-pino: inside a request, with its request id.
  app.useLogger(app.get(NestPinoLogger));
  app.setGlobalPrefix(GLOBAL_PREFIX);
  metrics.of = app.get(FestivalMetrics);
  // Mounted on Express before app.init() registers Nest's routes, so they run ahead of every route.
  const tables = routeTables(app.get(RouteCatalog).routes(), config);
  // Counted before any body is read: a client over its limit never costs a parse.
  server.use(clientRateLimits(tables.rateLimits, app.get(SharedRateLimits)));
  mountBodyParsing(server, tables.bodyLimits);
  mountCrawlerFiles(server, config.publicUrl);
  if (config.staticRoot) mountFrontends(server, config.staticRoot, config.remotesManifestPath, pages, logger, siteConfig);

  // The landing and party pages' titles, preview tags and JSON-LD go into their HTML (see docs/seo.md).
  for (const [path, seo] of Object.entries(PAGE_SEO)) pages.set(path, seoPageHtml(seo, app.get(SiteService), config.publicUrl));
  // Theirs in Hindi and Tamil, worded in the page's language (docs/seo.md).
  for (const [path, seo] of translatedPageSeo()) pages.set(path, seoPageHtml(seo, app.get(SiteService), config.publicUrl));
  // The pre-rendered landing and party pages show the current configuration (docs/landing-page.md).
  const siteService = app.get(SiteService);
  siteConfig.get = () => siteService.get();
  // `/privacy` and `/terms` show the staff's current text (docs/privacy.md).
  const policies = app.get(PoliciesService);
  siteConfig.pageQueries = async (path) => {
    const kind = POLICY_KINDS.find((k) => POLICY_PATHS[k] === pathWithoutLanguage(path));
    return kind ? [{ key: policyQueryKey(kind), data: await policies.publicPolicy(kind) }] : [];
  };
  app.useGlobalFilters(new HttpErrorFilter(logger));
  app.enableShutdownHooks();
  await runMigrations(app.get(DataSource), logger);
  await app.init();
  await app.get(SharedRateLimits).ready();
  return { app, logger };
}
