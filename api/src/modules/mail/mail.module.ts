import { Global, Module } from '@nestjs/common';
import { MailService } from './mail.service.js';

/** Outgoing e-mail for every feature (ticket confirmations, campaigns). */
@Global()
@Module({ providers: [MailService], exports: [MailService] })
export class MailModule {}
