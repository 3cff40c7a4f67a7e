import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { formatTicketCode } from '@festival/contracts';
import type { GuestOrder } from '../tickets/guest-orders.service.js';

/** What each page names besides the order. */
export interface TicketPdfEvent {
  name: string;
  dateLabel: string;
  timeLabel: string;
  venue: string;
  venueAddress: string;
  restaurantName: string;
}

/**
 * A paid order's tickets as a PDF (pdfkit): one page per valid ticket (each adult or child
 * ticket, each table), with the event, its date, the guest's name, `Ticket k of N`, the order's
 * reference and the QR of its door code (the one the door scans, the confirmation e-mail's).
 */
export async function ticketsPdf(order: GuestOrder, doorCode: string, event: TicketPdfEvent): Promise<Buffer> {
  const qr = await QRCode.toBuffer(doorCode, { type: 'png', width: 480, margin: 1 });
  const doc = new PDFDocument({ size: 'A5', margin: 40, autoFirstPage: false, info: { Title: `${event.name} · ${order.reference}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const total = order.validTickets.length;
  order.validTickets.forEach((ticket, index) => {
    doc.addPage();
    const width = doc.page.width - 80;
    doc.font('Helvetica-Bold').fontSize(20).text(event.name, { align: 'center', width });
    doc.moveDown(0.3);
    doc.font('Helvetica').fontSize(11).text(`${event.dateLabel} · ${event.timeLabel}`, { align: 'center', width });
    doc.text(`${event.venue}, ${event.venueAddress}`, { align: 'center', width });
    doc.moveDown(1);
    doc.font('Helvetica-Bold').fontSize(16).text(ticket.guestName, { align: 'center', width });
    const kind = ticket.seats > 1 ? `${ticket.kind} (${ticket.seats} seats)` : ticket.kind;
    doc
      .font('Helvetica')
      .fontSize(12)
      .text(`${kind} · Ticket ${index + 1} of ${total}`, { align: 'center', width });
    doc.moveDown(0.8);
    const size = 220;
    doc.image(qr, (doc.page.width - size) / 2, doc.y, { width: size, height: size });
    doc.y += size + 12;
    doc.font('Helvetica').fontSize(11).text(`Order ${order.reference}`, 40, doc.y, { align: 'center', width });
    doc.font('Courier').fontSize(7).text(formatTicketCode(doorCode), { align: 'center', width });
    doc.moveDown(0.8);
    doc.font('Helvetica').fontSize(9).text(`Show this page at the door. ${event.restaurantName}`, { align: 'center', width });
  });
  doc.end();
  return done;
}
