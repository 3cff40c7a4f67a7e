export interface MarketingLink {
  channel: string;
  url: string;
}

const FEAST_CAMPAIGN = 'diwali2024';
const PARTY_CAMPAIGN = 'diwali_party_2024';

/** The eight preset channels: where each link goes and its utm values. */
export const MARKETING_CHANNELS = [
  { channel: 'Facebook', path: '/', source: 'facebook', medium: 'social', campaign: FEAST_CAMPAIGN },
  { channel: 'Instagram', path: '/', source: 'instagram', medium: 'social', campaign: FEAST_CAMPAIGN },
  { channel: 'Twitter', path: '/', source: 'twitter', medium: 'social', campaign: FEAST_CAMPAIGN },
  { channel: 'WhatsApp', path: '/', source: 'whatsapp', medium: 'messaging', campaign: FEAST_CAMPAIGN },
  { channel: 'Email Newsletter', path: '/', source: 'email', medium: 'email', campaign: FEAST_CAMPAIGN },
  { channel: 'SMS Campaign', path: '/', source: 'sms', medium: 'text', campaign: FEAST_CAMPAIGN },
  { channel: 'Party - Facebook', path: '/diwali-party', source: 'facebook', medium: 'social', campaign: PARTY_CAMPAIGN },
  { channel: 'Party - Instagram', path: '/diwali-party', source: 'instagram', medium: 'social', campaign: PARTY_CAMPAIGN },
] as const;

/**
 * The shareable links, on the site's own origin (the address the staff opened the dashboard
 * at, which serves the public pages too): `https://site/?utm_source=facebook&utm_medium=social&utm_campaign=diwali2024`.
 */
export function marketingLinks(origin: string): MarketingLink[] {
  return MARKETING_CHANNELS.map(({ channel, path, source, medium, campaign }) => {
    const url = new URL(path, origin);
    url.search = new URLSearchParams({ utm_source: source, utm_medium: medium, utm_campaign: campaign }).toString();
    return { channel, url: url.toString() };
  });
}
