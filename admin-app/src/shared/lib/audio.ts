type AudioContextConstructor = new () => AudioContext;

/** The browser's Web Audio context, made on first use (a tap on the page lets it play). */
let context: AudioContext | undefined;

export function staffAudio(): AudioContext | undefined {
  if (context) return context;
  const Ctor =
    (globalThis as { AudioContext?: AudioContextConstructor }).AudioContext ??
    (globalThis as { webkitAudioContext?: AudioContextConstructor }).webkitAudioContext;
  if (!Ctor) return undefined;
  context = new Ctor();
  return context;
}

/** Short tones one after another (frequency in Hz, each `seconds` long), made by Web Audio: no sound file. */
export function playTones(
  frequencies: number[],
  seconds: number,
  ctx: AudioContext | undefined = staffAudio(),
  type: OscillatorType = 'sine',
): void {
  if (!ctx) return;
  if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
  const start = ctx.currentTime + 0.02;
  frequencies.forEach((frequency, i) => {
    const at = start + i * (seconds + 0.04);
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = type;
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.5, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + seconds);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(at);
    oscillator.stop(at + seconds + 0.02);
  });
}
