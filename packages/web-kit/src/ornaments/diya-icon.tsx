/**
 * A small diya (oil lamp), the festival's ornament on the drinks screens and the party's
 * confirmation. Decorative. An SVG drawing: its flame shades are its own (eslint.config.js lets
 * this file keep literal colours).
 */
export function DiyaIcon({ size = 40, className }: { size?: number; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 64 64" width={size} height={size} aria-hidden="true" focusable="false">
      <path d="M8 40c0 10 11 16 24 16s24-6 24-16H8z" fill="#b5451b" />
      <path d="M32 6c-6 10-9 16-9 22a9 9 0 0 0 18 0c0-6-3-12-9-22z" fill="#f5a623" />
      <path d="M32 18c-3 5-4 8-4 11a4 4 0 0 0 8 0c0-3-1-6-4-11z" fill="#ffe08a" />
    </svg>
  );
}
