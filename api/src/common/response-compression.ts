import type { RequestHandler } from 'express';
import compression from 'compression';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses what the API writes per request (its JSON, and the pages it renders: the landing,
 * party and drinks pages and the shell's index.html) on the fly, by the request's
 * Accept-Encoding: brotli (at the middleware's quality 4, quick enough per request) before gzip.
 * Answers below the threshold, types that do not compress (images, fonts) and answers already
 * encoded (the builds' pre-compressed files, see api/src/web/frontends.ts) are left alone.
 * Sets `Vary: Accept-Encoding`. Express's ETag and its 304 are decided before the body is
 * compressed, so revalidation is unchanged. No route streams server-sent events; one that
 * does must call `res.flush()` after each event (docs/performance-caching.md).
 */
export function responseCompression(): RequestHandler {
  return compression({ threshold: COMPRESSION_THRESHOLD_BYTES });
}
