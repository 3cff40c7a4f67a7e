import { loadConfig } from '../../config/app-config.js';
import { UnsubscribeLinks } from './unsubscribe-links.js';

const links = (env: Record<string, string> = {}) =>
  new UnsubscribeLinks(loadConfig({ SESSION_SECRET: 'a-session-secret-of-32-characters!!', ...env }));

describe('UnsubscribeLinks', () => {
  it('signs an address and reads it back', () => {
    const l = links();
    expect(l.emailOf(l.token('guest@example.com'))).toBe('guest@example.com');
  });

  it('refuses tampered, foreign and malformed tokens', () => {
    const l = links();
    const [payload, mac] = l.token('guest@example.com').split('.');
    const otherPayload = Buffer.from('boss@example.com').toString('base64url');
    expect(l.emailOf(`${otherPayload}.${mac}`)).toBeUndefined();
    expect(l.emailOf(`${payload}.${mac.slice(0, -2)}`)).toBeUndefined();
    expect(l.emailOf(payload)).toBeUndefined();
    expect(l.emailOf(['a', 'b'])).toBeUndefined();
    expect(l.emailOf(undefined)).toBeUndefined();
    expect(links({ UNSUBSCRIBE_SECRET: 'another-secret-entirely' }).emailOf(l.token('guest@example.com'))).toBeUndefined();
  });

  it('links to PUBLIC_URL, or to this server on localhost', () => {
    expect(links({ PUBLIC_URL: 'https://festival.example/' }).url('a@example.com')).toMatch(
      /^https:\/\/festival\.example\/api\/unsubscribe\?token=[\w-]+\.[\w-]+$/,
    );
    expect(links({ PORT: '8290' }).url('a@example.com')).toMatch(/^http:\/\/localhost:8290\/api\/unsubscribe\?token=/);
  });
});
