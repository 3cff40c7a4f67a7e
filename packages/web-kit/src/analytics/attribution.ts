import { DIRECT_MEDIUM, DIRECT_SOURCE } from '@festival/contracts';
import { readSession, writeSession } from './storage';

export const ATTRIBUTION_KEY = 'festival.analytics.attribution';

/** Where the visit came from: the landing URL's utm parameters and the referring page. */
export interface Attribution {
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmContent: string | null;
  utmTerm: string | null;
  referrer: string | null;
}

const FIELDS: (keyof Attribution)[] = ['utmSource', 'utmMedium', 'utmCampaign', 'utmContent', 'utmTerm', 'referrer'];

function isAttribution(value: unknown): value is Attribution {
  if (!value || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  return FIELDS.every((f) => record[f] === null || typeof record[f] === 'string');
}

/** A referrer from another site; a link within this site is not where the visit came from. */
function externalReferrer(referrer: string): string | null {
  if (!referrer) return null;
  try {
    return new URL(referrer).origin === window.location.origin ? null : referrer;
  } catch {
    return null;
  }
}

/**
 * The visit's attribution, worked out on the session's first page and cached for the rest of
 * the session (first touch): `utm_source`, `utm_medium`, `utm_campaign`, `utm_content`,
 * `utm_term` and `document.referrer`. With no referrer and no source or medium, the source is
 * `direct` and the medium `none`. A cache that cannot be read is reported on the console only.
 */
export function getAttribution(): Attribution {
  const cached = readSession(ATTRIBUTION_KEY);
  if (cached) {
    try {
      const parsed: unknown = JSON.parse(cached);
      if (isAttribution(parsed)) return parsed;
      throw new Error('unexpected shape');
    } catch (error) {
      console.error('Analytics: the cached attribution was unreadable', error);
    }
  }
  const params = new URLSearchParams(window.location.search);
  const param = (name: string) => params.get(name)?.trim() || null;
  const attribution: Attribution = {
    utmSource: param('utm_source'),
    utmMedium: param('utm_medium'),
    utmCampaign: param('utm_campaign'),
    utmContent: param('utm_content'),
    utmTerm: param('utm_term'),
    referrer: externalReferrer(document.referrer),
  };
  if (!attribution.referrer && !attribution.utmSource && !attribution.utmMedium) {
    attribution.utmSource = DIRECT_SOURCE;
    attribution.utmMedium = DIRECT_MEDIUM;
  }
  writeSession(ATTRIBUTION_KEY, JSON.stringify(attribution));
  return attribution;
}
