import { playTones, staffAudio } from '#shared/lib/audio.ts';

/** Two short rising notes (A5 then E6, about half a second): the bar's new-order chime. */
export function playChime(ctx: AudioContext | undefined = staffAudio()): void {
  playTones([880, 1318.5], 0.2, ctx);
}
