import { playTones } from '#shared/lib/audio.ts';

/** A scan's sound: one high beep when guests may enter, a low double buzz when they may not. */
export function playScanSound(admitted: boolean): void {
  if (admitted) playTones([1760], 0.12);
  else playTones([220, 220], 0.16, undefined, 'square');
}
