import type { ComponentType } from 'react';

export interface TicketScannerProps {
  /** A ticket code the scanner read, as read (spaces, dashes and case do not matter). */
  onScan(code: string): void;
}

/**
 * A reader of ticket codes that a staff screen places beside its typed `Ticket code` field, such
 * as a camera reading the QR code of the confirmation e-mail. It only hands codes over; the
 * screen decides what a code does. Shared so that the screen that builds one and the screens
 * that take one do not import each other: the app composes them.
 */
export type TicketScanner = ComponentType<TicketScannerProps>;
