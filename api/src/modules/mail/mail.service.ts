import { mkdirSync, writeFileSync } from 'node:fs';
import { readdir, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';

export type MailMessage = Omit<Mail.Options, 'from'> & { to: string; subject: string };

/** A send that failed; `permanent` when retrying cannot help (a 5xx answer from the server). */
export class MailDeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly responseCode?: number,
    /** The SMTP command the server refused (`RCPT TO`: it refused the address itself). */
    readonly command?: string,
  ) {
    super(message);
    this.name = 'MailDeliveryError';
  }
}

/** A DB-claimed e-mail queue (an outbox of order e-mails), as the metrics read it. */
export interface MailQueue {
  /** Its label in the metrics (`confirmation_emails`). */
  readonly queueName: string;
  /** Messages waiting or being sent, and when the oldest of them fell due. */
  backlog(): Promise<{ waiting: number; oldestDueAt: Date | null }>;
}

/**
 * Sends e-mail through SMTP_URL, or, without it, writes each message as an .eml file in the
 * outbox folder (the embedded mode). Errors come back as MailDeliveryError, classified as
 * transient (connection trouble, 4xx) or permanent (5xx) for the callers' retry logic.
 */
@Injectable()
export class MailService implements OnModuleDestroy {
  private readonly transport: Transporter;
  private readonly outboxDir: string | undefined;
  private readonly mailQueues: MailQueue[] = [];

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    if (config.mail.smtpUrl) {
      this.transport = nodemailer.createTransport({
        url: config.mail.smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      });
    } else {
      this.outboxDir = config.mail.outboxDir;
      this.transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    }
  }

  /** The queues sending through this service, each registering itself as it is made. */
  registerQueue(queue: MailQueue): void {
    this.mailQueues.push(queue);
  }

  queues(): readonly MailQueue[] {
    return this.mailQueues;
  }

  get from(): string {
    return this.config.mail.from;
  }

  async send(message: MailMessage): Promise<{ messageId: string }> {
    let info: { messageId: string; message?: Buffer };
    try {
      info = (await this.transport.sendMail({ ...message, from: this.config.mail.from })) as typeof info;
    } catch (error) {
      throw classify(error);
    }
    if (this.outboxDir && info.message) {
      mkdirSync(this.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^A-Za-z0-9.@-]/g, '')}.eml`;
      writeFileSync(join(this.outboxDir, name), info.message);
    }
    return { messageId: info.messageId };
  }

  /**
   * Deletes every message of the outbox folder that names `email` (a guest's erasure,
   * docs/privacy.md); answers how many. Nothing to do when mail goes out through SMTP_URL.
   */
  async forgetAddress(email: string): Promise<number> {
    if (!this.outboxDir) return 0;
    const needle = email.trim().toLowerCase();
    let names: string[];
    try {
      names = (await readdir(this.outboxDir)).filter((name) => name.endsWith('.eml'));
    } catch {
      return 0;
    }
    let deleted = 0;
    for (const name of names) {
      const path = join(this.outboxDir, name);
      if (!messageNames(await readFile(path, 'utf8'), needle)) continue;
      await unlink(path);
      deleted += 1;
    }
    return deleted;
  }

  onModuleDestroy(): void {
    this.transport.close();
  }
}

/**
 * Whether a stored message holds `needle` (lower-cased) anywhere: its headers, its
 * quoted-printable parts once unfolded and decoded, or its base64 parts once decoded.
 */
export function messageNames(raw: string, needle: string): boolean {
  if (raw.toLowerCase().includes(needle)) return true;
  const unfolded = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  if (unfolded.toLowerCase().includes(needle)) return true;
  for (const block of raw.match(/(?:^[A-Za-z0-9+/=]{16,}\r?\n?)+/gm) ?? []) {
    if (Buffer.from(block.replace(/\s+/g, ''), 'base64').toString('utf8').toLowerCase().includes(needle)) return true;
  }
  return false;
}

function classify(error: unknown): MailDeliveryError {
  const e = error as { message?: string; responseCode?: number; code?: string; command?: string; response?: string };
  const message = e.message ?? String(error);
  if (typeof e.responseCode === 'number') {
    // A refused recipient's message is nodemailer's summary; the server's own words follow it.
    const detail = e.command === 'RCPT TO' && e.response && !message.includes(e.response) ? `${message}: ${e.response}` : message;
    return new MailDeliveryError(detail, e.responseCode >= 500, e.responseCode, e.command);
  }
  // No SMTP answer at all (refused, timed out, dropped): the server may come back.
  return new MailDeliveryError(message, false);
}
