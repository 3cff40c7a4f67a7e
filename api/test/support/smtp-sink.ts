import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export type SinkMode = 'accept' | 'tempfail' | 'permfail';

export interface ReceivedMail {
  envelopeTo: string[];
  raw: string;
  parsed: Email;
}

export interface SmtpSink {
  port: number;
  url: string;
  messages: ReceivedMail[];
  /** How the server answers the next messages: accept, 451 (try later) or 550 (never). */
  setMode(mode: SinkMode): void;
  /** Calls `listener` for each message accepted from now on. */
  onMessage(listener: (mail: ReceivedMail, index: number) => void): void;
  /** Resolves once `count` messages have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives, for mail tests. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  let mode: SinkMode = 'accept';
  const listeners: ((mail: ReceivedMail, index: number) => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (mode === 'tempfail') return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        if (mode === 'permfail') return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        const raw = Buffer.concat(chunks).toString('utf8');
        PostalMime.parse(raw).then(
          (parsed) => {
            const mail = { envelopeTo: session.envelope.rcptTo.map((r) => r.address), raw, parsed };
            messages.push(mail);
            for (const listener of listeners) listener(mail, messages.length - 1);
            callback();
          },
          (err: Error) => callback(err),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    setMode(next) {
      mode = next;
    },
    onMessage(listener) {
      listeners.push(listener);
    },
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`Expected ${count} messages, got ${messages.length}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return messages;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
