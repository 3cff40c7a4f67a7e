import { DIRECT_MEDIUM, DIRECT_SOURCE } from '@festival/contracts';

export interface Attribution {
  source: string;
  medium: string;
  campaign: string | null;
}

interface AttributionFields {
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  referrer: string | null;
}

/** What a utm parameter that was left out is reported as, next to one that was given. */
export const NOT_SET = '(not set)';
const MAX = 100;

const clean = (value: string | null): string | null => {
  const v = value?.trim().toLowerCase().slice(0, MAX);
  return v ? v : null;
};

function referrerHost(referrer: string): string {
  try {
    const host = new URL(referrer).hostname.toLowerCase().replace(/^www\./, '');
    return host ? host.slice(0, MAX) : 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * The marketing source an event is counted under in the attribution report: its utm source
 * and medium when it has them; else the referring site (medium `referral`); else `direct` /
 * `none`. Lower-cased and trimmed, so `Facebook` and `facebook ` are one source on every
 * database.
 */
export function normaliseAttribution(fields: AttributionFields): Attribution {
  const source = clean(fields.utmSource);
  const medium = clean(fields.utmMedium);
  const campaign = clean(fields.utmCampaign);
  if (source || medium) return { source: source ?? NOT_SET, medium: medium ?? NOT_SET, campaign };
  if (fields.referrer) return { source: referrerHost(fields.referrer), medium: 'referral', campaign };
  return { source: DIRECT_SOURCE, medium: DIRECT_MEDIUM, campaign };
}
