import { create } from 'qrcode';
import { paperColors } from '@festival/web-kit/tokens';

/** The printed code's size in pixels: 400x400 (docs/product.md). */
export const QR_SIZE = 400;
/** The blank border a QR code needs around it, in modules (the standard's quiet zone). */
export const QUIET_ZONE = 4;
export const QR_FILE_NAME = 'diwali-drinks-qr-code.png';

/** The drinks menu on this site: `https://site/drinks`. */
export function drinksMenuUrl(origin: string): string {
  return new URL('/drinks', origin).toString();
}

/**
 * Where the modules go in a `size` pixel square: whole pixels per module (crisp edges that
 * every phone camera reads), centred, with at least the quiet zone around them.
 */
export function qrLayout(modules: number, size = QR_SIZE): { scale: number; offset: number } {
  const scale = Math.floor(size / (modules + 2 * QUIET_ZONE));
  if (scale < 1) throw new Error(`A ${modules}-module code does not fit in ${size} pixels`);
  return { scale, offset: Math.floor((size - modules * scale) / 2) };
}

/**
 * The QR code of `text` as a 400x400 PNG data URL, made in the browser (no outside service):
 * black modules on white, error correction level M (a smudged or creased card still scans).
 */
export function qrPngDataUrl(text: string): string {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const { scale, offset } = qrLayout(modules.size);
  const canvas = document.createElement('canvas');
  canvas.width = QR_SIZE;
  canvas.height = QR_SIZE;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw images');
  context.fillStyle = paperColors.paper;
  context.fillRect(0, 0, QR_SIZE, QR_SIZE);
  context.fillStyle = paperColors.ink;
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (modules.get(row, col)) context.fillRect(offset + col * scale, offset + row * scale, scale, scale);
    }
  }
  return canvas.toDataURL('image/png');
}
