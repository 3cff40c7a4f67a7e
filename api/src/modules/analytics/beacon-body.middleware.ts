import { Injectable, type NestMiddleware } from '@nestjs/common';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { ANALYTICS_LIMITS } from '@festival/contracts';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from '../../common/request-body.js';

/**
 * `navigator.sendBeacon` posts a string as `text/plain` (a type that needs no CORS preflight),
 * which the API's JSON parser leaves alone: this reads such a body as JSON, within the size
 * of one analytics event.
 */
@Injectable()
export class BeaconBodyMiddleware implements NestMiddleware {
  private readonly readText: RequestHandler = express.text({ type: 'text/plain', limit: ANALYTICS_LIMITS.eventChars * 2 });

  use(req: Request, res: Response, next: NextFunction): void {
    if (!req.is('text/plain')) {
      next();
      return;
    }
    this.readText(req, res, (error?: unknown) => {
      if (error) {
        const tooLarge = (error as { type?: string }).type === 'entity.too.large';
        res.status(400).json({ message: tooLarge ? 'Analytics event is too large' : 'Invalid request body' });
        return;
      }
      const text = String(req.body);
      if (jsonDepthExceeds(text)) {
        res.status(413).json({ message: `Request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)` });
        return;
      }
      try {
        req.body = JSON.parse(text) as unknown;
      } catch {
        res.status(400).json({ message: 'Malformed JSON in request body' });
        return;
      }
      next();
    });
  }
}
