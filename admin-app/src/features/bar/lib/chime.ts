type AudioContextConstructor = new () => AudioContext;

/** The browser's Web Audio context, made on first use (a tap on the page lets it play). */
let context: AudioContext | undefined;

export function barAudio(): AudioContext | undefined {
  if (context) return context;
  const Ctor =
    (globalThis as { AudioContext?: AudioContextConstructor }).AudioContext ??
    (globalThis as { webkitAudioContext?: AudioContextConstructor }).webkitAudioContext;
  if (!Ctor) return undefined;
  context = new Ctor();
  return context;
}

/** Two short rising notes (A5 then E6, about half a second), made by the Web Audio API: no sound file. */
export function playChime(ctx: AudioContext | undefined = barAudio()): void {
  if (!ctx) return;
  if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
  const start = ctx.currentTime + 0.02;
  [880, 1318.5].forEach((frequency, i) => {
    const at = start + i * 0.18;
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.5, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.3);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.32);
  });
}
