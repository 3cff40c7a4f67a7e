import type { Request } from 'express';
import { isbot } from 'isbot';
import { plainIp } from '../../common/client-address.js';

export interface ClientInfo {
  /** The visitor's address: the socket's, or X-Forwarded-For's as far as `trust proxy` allows. */
  ip: string | null;
  userAgent: string | null;
  /** A known crawler or automated client, by its user agent. */
  isBot: boolean;
  /** The browser sends Global Privacy Control (`Sec-GPC: 1`): docs/privacy.md. */
  gpc: boolean;
}

const MAX_USER_AGENT = 512;
/** isbot's pattern is long and the same few user agents come again and again: their verdicts are kept. */
const BOT_VERDICTS_KEPT = 2000;
const botVerdicts = new Map<string, boolean>();

function isBotAgent(userAgent: string): boolean {
  let verdict = botVerdicts.get(userAgent);
  if (verdict === undefined) {
    verdict = isbot(userAgent);
    if (botVerdicts.size >= BOT_VERDICTS_KEPT) botVerdicts.clear();
    botVerdicts.set(userAgent, verdict);
  }
  return verdict;
}

/** What the server records about the client itself, never trusting the event body for it. */
export function clientInfo(req: Request): ClientInfo {
  const userAgent = req.get('user-agent')?.slice(0, MAX_USER_AGENT) ?? null;
  return {
    ip: plainIp(req.ip),
    userAgent: userAgent || null,
    // No user agent at all is a script, not a browser.
    isBot: !userAgent || isBotAgent(userAgent),
    gpc: req.get('sec-gpc')?.trim() === '1',
  };
}
