import { useCallback, useEffect, useState } from 'react';
import { staffAudio } from '#shared/lib/audio.ts';
import { playChime } from '../lib/chime';

/**
 * The new-order sound. Browsers let a page play sound only after a tap on it, so the first tap
 * anywhere on the bar screen (or the `Turn on sound` button) unlocks it; staff can mute it.
 */
export function useBarSound() {
  const [muted, setMuted] = useState(false);
  const [unlocked, setUnlocked] = useState(false);
  const supported = typeof globalThis.AudioContext === 'function' || 'webkitAudioContext' in globalThis;

  const unlock = useCallback(() => {
    const ctx = staffAudio();
    if (!ctx) return;
    void ctx.resume().then(
      () => setUnlocked(ctx.state === 'running'),
      () => setUnlocked(false),
    );
  }, []);

  useEffect(() => {
    if (!supported || unlocked) return;
    document.addEventListener('pointerdown', unlock);
    document.addEventListener('keydown', unlock);
    return () => {
      document.removeEventListener('pointerdown', unlock);
      document.removeEventListener('keydown', unlock);
    };
  }, [supported, unlocked, unlock]);

  const chime = useCallback(() => {
    if (!muted) playChime();
  }, [muted]);

  return { supported, unlocked, muted, setMuted, unlock, chime };
}
