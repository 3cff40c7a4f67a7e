import { readFileSync } from 'node:fs';
import { E2E_ADMIN_PASSWORD } from './environment';

/**
 * What must never reach the API's log, whatever the suite did: the staff password, card numbers
 * (as typed, with or without spaces), a payment's client secret, a session cookie's value, and
 * an e-mail's body (its HTML, or the confirmation's text).
 */
const SECRETS: { what: string; pattern: RegExp }[] = [
  { what: 'the staff password', pattern: new RegExp(E2E_ADMIN_PASSWORD) },
  { what: 'a card number', pattern: /\b(?:4242|4000)[ -]?\d{4}[ -]?\d{4}[ -]?\d{4}\b/ },
  { what: "a payment's client secret", pattern: /_secret_[A-Za-z0-9]/ },
  { what: 'a session cookie', pattern: /(?:festival\.sid|guest_session)=[^;\s"]{8,}/ },
  { what: "an e-mail's body", pattern: /<html|You're All Set|Total paid:/i },
];

/**
 * Reads the API's log of the whole run (JSON lines) and throws naming each kind of secret found,
 * with the first line that held it. An empty or missing log is an error too: the check would
 * prove nothing.
 */
export function assertLogHoldsNoSecret(path: string): void {
  const text = readFileSync(path, 'utf8');
  const lines = text.split('\n').filter(Boolean);
  if (lines.length === 0) throw new Error(`The API's log at ${path} is empty: it was not written`);
  const found = SECRETS.flatMap(({ what, pattern }) => {
    const line = lines.find((l) => pattern.test(l));
    return line ? [`${what}: ${line.slice(0, 300)}`] : [];
  });
  if (found.length > 0) throw new Error(`The API's log holds what it must never hold:\n${found.join('\n')}`);
}
