import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { TicketCodes } from '../codes/ticket-codes.js';
import { SiteService } from '../settings/site.service.js';
import { GuestOrders } from '../tickets/guest-orders.service.js';
import { ticketsPdf } from './ticket-pdf.js';
import { walletPass } from './wallet-pass.js';

/** A file to download. */
export interface DownloadFile {
  name: string;
  content: Buffer;
}

/** A signed-in guest's paid order as a PDF of its tickets, or as an Apple Wallet pass. */
@Injectable()
export class MyTicketsFiles {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly orders: GuestOrders,
    private readonly codes: TicketCodes,
    private readonly site: SiteService,
  ) {}

  async pdf(email: string, orderId: string): Promise<DownloadFile> {
    const order = await this.orders.paidOrderOf(email, orderId);
    const { restaurant, party } = await this.site.get();
    const content = await ticketsPdf(order, this.codes.codeFor(order.orderId), {
      name: party.name,
      dateLabel: party.dateLabel,
      timeLabel: party.timeLabel,
      venue: party.venue.name,
      venueAddress: party.venue.address,
      restaurantName: restaurant.name,
    });
    return { name: `tickets-${order.reference}.pdf`, content };
  }

  async walletPass(email: string, orderId: string): Promise<DownloadFile> {
    const wallet = this.config.wallet;
    if (!wallet) throw new NotFoundException('Wallet passes are not offered');
    const order = await this.orders.paidOrderOf(email, orderId);
    const { restaurant, party } = await this.site.get();
    const content = walletPass(
      order,
      this.codes.codeFor(order.orderId),
      {
        name: party.name,
        startsAt: party.startsAt,
        endsAt: party.endsAt,
        dateLabel: party.dateLabel,
        timeLabel: party.timeLabel,
        venue: party.venue.name,
        venueAddress: party.venue.address,
        restaurantName: restaurant.name,
      },
      wallet,
    );
    return { name: `ticket-${order.reference}.pkpass`, content };
  }
}
