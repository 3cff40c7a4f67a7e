import { create } from 'qrcode';
import { drinksMenuUrl, QR_SIZE, QUIET_ZONE, qrLayout } from './drinks-qr';

describe('the drinks QR code', () => {
  it('points at the drinks menu of this site', () => {
    expect(drinksMenuUrl('https://festival.example')).toBe('https://festival.example/drinks');
    expect(drinksMenuUrl('http://127.0.0.1:8490')).toBe('http://127.0.0.1:8490/drinks');
  });

  it('fills 400 pixels with whole-pixel modules, centred, with the quiet zone around', () => {
    const modules = create('https://festival.example/drinks', { errorCorrectionLevel: 'M' }).modules.size;
    const { scale, offset } = qrLayout(modules);
    expect(Number.isInteger(scale)).toBe(true);
    expect(offset).toBeGreaterThanOrEqual(QUIET_ZONE * scale);
    expect(offset * 2 + modules * scale).toBeLessThanOrEqual(QR_SIZE);
    expect(QR_SIZE - (offset * 2 + modules * scale)).toBeLessThan(2 + 2 * scale);
  });

  it('refuses a code too large to fit', () => {
    expect(() => qrLayout(400)).toThrow('does not fit');
  });
});
