import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import PostalMime, { type Email } from 'postal-mime';

/** The test SMTP server refuses every address of this domain with 550 at RCPT TO. */
export const REFUSED_MAIL_DOMAIN = 'mailbox-gone.example';

export interface DeliveredMail {
  raw: string;
  parsed: Email;
}

function mailDir(): string {
  const workDir = process.env.E2E_WORK_DIR;
  if (!workDir) throw new Error('E2E_WORK_DIR is not set: the global setup did not run');
  return join(workDir, 'mail');
}

/** Every message the test SMTP server has accepted so far, oldest first. */
export async function deliveredMails(): Promise<DeliveredMail[]> {
  const dir = mailDir();
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort();
  return Promise.all(
    files.map(async (file) => {
      const raw = readFileSync(join(dir, file), 'utf8');
      return { raw, parsed: await PostalMime.parse(raw) };
    }),
  );
}

/** Waits until the messages matching `predicate` number at least `count`, and returns them. */
export async function waitForMails(predicate: (mail: DeliveredMail) => boolean, count = 1, timeoutMs = 15_000): Promise<DeliveredMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const matching = (await deliveredMails()).filter(predicate);
    if (matching.length >= count) return matching;
    if (Date.now() > deadline) throw new Error(`Expected ${count} matching e-mails, found ${matching.length}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
