// A real SMTP server (smtp-server) on a fixed 127.0.0.1 port for the bench scripts: it keeps
// every message it accepts, counted by envelope recipient, and can be stopped and started
// again on the same port (what a mail server restart looks like to its clients).
//   const sink = await startSmtpSink({ port: 2630 });
//   await sink.stop(); ... await sink.start();
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

/**
 * @param {{ port: number }} options
 */
export async function startSmtpSink({ port }) {
  /** @type {{ to: string[], subject: string, at: number }[]} */
  const messages = [];
  /** @type {Map<string, number>} */
  const byRecipient = new Map();
  let server;

  function create() {
    return new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // A stopping server answers 421 to commands on open connections after this grace period.
      closeTimeout: 1000,
      onData(stream, session, callback) {
        const chunks = [];
        stream.on('data', (c) => chunks.push(c));
        stream.on('end', () => {
          PostalMime.parse(Buffer.concat(chunks)).then(
            (parsed) => {
              const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
              messages.push({ to, subject: parsed.subject ?? '', at: Date.now() });
              for (const address of to) byRecipient.set(address, (byRecipient.get(address) ?? 0) + 1);
              callback();
            },
            (error) => callback(error),
          );
        });
      },
    });
  }

  async function start() {
    server = create();
    await new Promise((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.server.off('error', reject);
        resolve();
      });
    });
  }

  /** Stops listening at once; conversations under way get 421 after the grace period. */
  async function stop() {
    if (!server) return;
    const closing = server;
    server = undefined;
    await new Promise((resolve) => closing.close(resolve));
  }

  await start();
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    byRecipient,
    get listening() {
      return Boolean(server);
    },
    start,
    stop,
    /** Resolves once `count` messages have arrived, or rejects after `timeoutMs`. */
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} messages, got ${messages.length}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
  };
}
