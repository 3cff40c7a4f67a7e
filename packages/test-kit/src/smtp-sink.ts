// A real SMTP server (smtp-server) on 127.0.0.1 that keeps every message it accepts, parsed and
// counted by envelope recipient. It can answer 451 (try later) or 550 (never) instead, and it can
// be stopped and started again on the same port: what a mail server restart looks like to its
// clients. It can also refuse given recipients with 550 at RCPT TO (a hard bounce: the address
// itself is refused), the others of the same message still accepted.
//   const sink = await startSmtpSink();            // a free port; `sink.url` is the SMTP_URL
//   await sink.stop(); ... await sink.start();
//   sink.refuseRecipient('gone@example.com');      // or startSmtpSink({ refuseRecipients: (a) => ... })
import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export type SinkMode = 'accept' | 'tempfail' | 'permfail';

export interface ReceivedMail {
  envelopeTo: string[];
  raw: string;
  parsed: Email;
  /** When it arrived (milliseconds since the epoch). */
  at: number;
}

export interface SmtpSink {
  port: number;
  url: string;
  messages: ReceivedMail[];
  /** How many messages each envelope recipient (lower-cased) received. */
  byRecipient: Map<string, number>;
  /** How the server answers the next messages: accept, 451 (try later) or 550 (never). */
  setMode(mode: SinkMode): void;
  /** Answers `550 Mailbox unavailable` at RCPT TO for this address (any case) from now on. */
  refuseRecipient(address: string): void;
  /** Calls `listener` for each message accepted from now on. */
  onMessage(listener: (mail: ReceivedMail, index: number) => void): void;
  /** Resolves with the messages once `count` have arrived; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  readonly listening: boolean;
  /** Starts listening again on the same port after `stop`. */
  start(): Promise<void>;
  /** Stops listening at once; conversations under way get 421 after a second's grace. */
  stop(): Promise<void>;
  /** The same as `stop`, for the end of a test. */
  close(): Promise<void>;
}

export interface SmtpSinkOptions {
  port?: number;
  /** Recipients (lower-cased) to refuse with 550 at RCPT TO, besides those given to `refuseRecipient`. */
  refuseRecipients?: (address: string) => boolean;
}

export async function startSmtpSink({ port = 0, refuseRecipients = () => false }: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const byRecipient = new Map<string, number>();
  const listeners: ((mail: ReceivedMail, index: number) => void)[] = [];
  let mode: SinkMode = 'accept';
  const refused = new Set<string>();
  let server: SMTPServer | undefined;
  let boundPort = port;

  function create(): SMTPServer {
    return new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // A stopping server answers 421 to commands on open connections after this grace period.
      closeTimeout: 1000,
      onRcptTo(address, _session, callback) {
        const to = address.address.toLowerCase();
        if (refused.has(to) || refuseRecipients(to)) {
          return callback(Object.assign(new Error(`<${to}>: Recipient address rejected: Mailbox unavailable`), { responseCode: 550 }));
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          if (mode === 'tempfail') return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          if (mode === 'permfail') return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
          const raw = Buffer.concat(chunks).toString('utf8');
          PostalMime.parse(raw).then(
            (parsed) => {
              const mail: ReceivedMail = { envelopeTo: session.envelope.rcptTo.map((r) => r.address), raw, parsed, at: Date.now() };
              messages.push(mail);
              for (const address of mail.envelopeTo)
                byRecipient.set(address.toLowerCase(), (byRecipient.get(address.toLowerCase()) ?? 0) + 1);
              for (const listener of listeners) listener(mail, messages.length - 1);
              callback();
            },
            (error: Error) => callback(error),
          );
        });
      },
    });
  }

  async function start(): Promise<void> {
    const starting = create();
    await new Promise<void>((resolve, reject) => {
      starting.server.once('error', reject);
      starting.listen(boundPort, '127.0.0.1', () => {
        starting.server.off('error', reject);
        resolve();
      });
    });
    boundPort = (starting.server.address() as AddressInfo).port;
    server = starting;
  }

  async function stop(): Promise<void> {
    if (!server) return;
    const closing = server;
    server = undefined;
    await new Promise<void>((resolve) => closing.close(() => resolve()));
  }

  await start();
  return {
    port: boundPort,
    url: `smtp://127.0.0.1:${boundPort}`,
    messages,
    byRecipient,
    setMode(next) {
      mode = next;
    },
    refuseRecipient(address) {
      refused.add(address.toLowerCase());
    },
    onMessage(listener) {
      listeners.push(listener);
    },
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`Expected ${count} messages, got ${messages.length}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return messages;
    },
    get listening() {
      return server !== undefined;
    },
    start,
    stop,
    close: stop,
  };
}
