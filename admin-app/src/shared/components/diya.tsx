import { palette } from '../theme/admin-theme';

/** A small diya, drawn inline (ornament only), in the staff area's palette. */
export function Diya({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <path d="M16 3c2.5 3.5 3.5 6 3.5 8a3.5 3.5 0 0 1-7 0c0-2 1-4.5 3.5-8z" fill={palette.marigold} />
      <path d="M3 17h26c-1.5 6-6.5 10-13 10S4.5 23 3 17z" fill={palette.gold} />
      <path d="M8 17c1.5 2.5 4.5 4 8 4s6.5-1.5 8-4" fill="none" stroke={palette.saffron} strokeWidth="1.5" />
    </svg>
  );
}
