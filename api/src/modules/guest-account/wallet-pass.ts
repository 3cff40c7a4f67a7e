import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { PKPass } from 'passkit-generator';
import type { WalletConfig } from '../../config/app-config.js';
import type { GuestOrder } from '../tickets/guest-orders.service.js';

/** What the pass names besides the order. */
export interface WalletPassEvent {
  name: string;
  startsAt: string;
  endsAt: string;
  dateLabel: string;
  timeLabel: string;
  venue: string;
  venueAddress: string;
  restaurantName: string;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A square PNG of one colour: the pass's icon (Wallet requires one). */
export function solidPng(size: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const SAFFRON: [number, number, number] = [180, 70, 27];

/**
 * A paid order's Apple Wallet pass (docs/wallet-passes.md): an event ticket whose QR is the
 * order's door code, signed with the Pass Type ID certificate of WALLET_* (passkit-generator
 * signs the manifest with it and Apple's WWDR certificate).
 */
export function walletPass(order: GuestOrder, doorCode: string, event: WalletPassEvent, wallet: WalletConfig): Buffer {
  const pass = new PKPass(
    { 'icon.png': solidPng(29, SAFFRON), 'icon@2x.png': solidPng(58, SAFFRON) },
    {
      wwdr: readFileSync(wallet.wwdrPath),
      signerCert: readFileSync(wallet.certPath),
      signerKey: readFileSync(wallet.keyPath),
      signerKeyPassphrase: wallet.keyPassphrase || undefined,
    },
    {
      formatVersion: 1,
      passTypeIdentifier: wallet.passTypeId,
      teamIdentifier: wallet.teamId,
      serialNumber: order.orderId,
      organizationName: event.restaurantName,
      description: `${event.name} ticket`,
      backgroundColor: 'rgb(180, 70, 27)',
      foregroundColor: 'rgb(255, 255, 255)',
      labelColor: 'rgb(255, 236, 210)',
    },
  );
  pass.type = 'eventTicket';
  pass.primaryFields.push({ key: 'event', label: 'Event', value: event.name });
  pass.secondaryFields.push(
    { key: 'guest', label: 'Guest', value: order.customerName },
    { key: 'tickets', label: 'Tickets', value: order.tickets.map((t) => t.label).join(', ') },
  );
  pass.auxiliaryFields.push(
    { key: 'date', label: 'Date', value: `${event.dateLabel}, ${event.timeLabel}` },
    { key: 'order', label: 'Order', value: order.reference },
  );
  pass.backFields.push({ key: 'venue', label: 'Venue', value: `${event.venue}, ${event.venueAddress}` });
  pass.setBarcodes({ message: doorCode, format: 'PKBarcodeFormatQR', messageEncoding: 'iso-8859-1', altText: order.reference });
  pass.setRelevantDate(new Date(event.startsAt));
  pass.setExpirationDate(new Date(Date.parse(event.endsAt) + 24 * 60 * 60_000));
  return pass.getAsBuffer();
}
