import './ornaments.css';

/**
 * Festive ornaments drawn as small inline SVG: diyas (oil lamps), a rangoli and hanging
 * lanterns. All are decorative (hidden from assistive technology) and sit beside text, never
 * behind it.
 */

interface OrnamentProps {
  className?: string;
}

/** A diya: a clay lamp with a flame that glows softly (still under reduced motion). */
export function Diya({ className }: OrnamentProps) {
  return (
    <svg className={className} viewBox="0 0 64 64" width="64" height="64" aria-hidden="true" focusable="false">
      <g className="lp-flame">
        <ellipse cx="32" cy="22" rx="10" ry="14" fill="#f5a623" opacity="0.35" />
        <path d="M32 8c5 7 7 11 7 15a7 7 0 0 1-14 0c0-4 2-8 7-15z" fill="#ffd36b" />
        <path d="M32 15c2.5 4 3.5 6 3.5 8a3.5 3.5 0 0 1-7 0c0-2 1-4 3.5-8z" fill="#fff4c9" />
      </g>
      <path d="M6 36h52c-2 11-12 18-26 18S8 47 6 36z" fill="#c4511f" />
      <path d="M6 36h52c-.4 2-1 3.8-1.8 5.4H7.8C7 39.8 6.4 38 6 36z" fill="#e8711a" />
      <path d="M14 44c5 3 11 4.5 18 4.5S45 47 50 44" stroke="#f5c451" strokeWidth="2" fill="none" strokeLinecap="round" />
      <circle cx="22" cy="45.5" r="1.6" fill="#f5c451" />
      <circle cx="32" cy="47.5" r="1.6" fill="#f5c451" />
      <circle cx="42" cy="45.5" r="1.6" fill="#f5c451" />
    </svg>
  );
}

/** A row of diyas, as lit along a doorstep. */
export function DiyaRow({ count = 5, className }: OrnamentProps & { count?: number }) {
  return (
    <div className={`lp-diya-row ${className ?? ''}`} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <Diya key={i} className="lp-diya" />
      ))}
    </div>
  );
}

/** A rangoli: petals and dots around a centre, in marigold, saffron and gold. */
export function Rangoli({ className }: OrnamentProps) {
  const petals = Array.from({ length: 8 }, (_, i) => i * 45);
  return (
    <svg className={className} viewBox="0 0 120 120" width="120" height="120" aria-hidden="true" focusable="false">
      <circle cx="60" cy="60" r="56" fill="none" stroke="#c9971c" strokeWidth="2" strokeDasharray="2 6" strokeLinecap="round" />
      {petals.map((angle) => (
        <g key={angle} transform={`rotate(${angle} 60 60)`}>
          <path d="M60 12c9 12 9 24 0 34-9-10-9-22 0-34z" fill="#e8711a" />
          <path d="M60 20c4.5 7 4.5 13 0 19-4.5-6-4.5-12 0-19z" fill="#f5c451" />
          <circle cx="60" cy="8" r="2.5" fill="#b5451b" />
        </g>
      ))}
      {petals.map((angle) => (
        <g key={`leaf-${angle}`} transform={`rotate(${angle + 22.5} 60 60)`}>
          <path d="M60 30c6 6 6 12 0 18-6-6-6-12 0-18z" fill="#7a1f45" />
        </g>
      ))}
      <circle cx="60" cy="60" r="14" fill="#f5a623" />
      <circle cx="60" cy="60" r="8" fill="#7a1f45" />
      <circle cx="60" cy="60" r="3" fill="#fff4c9" />
    </svg>
  );
}

/** A hanging paper lantern (akash kandil) on its cord. */
export function Lantern({ className }: OrnamentProps) {
  return (
    <svg className={className} viewBox="0 0 60 150" width="60" height="150" aria-hidden="true" focusable="false">
      <line x1="30" y1="0" x2="30" y2="44" stroke="#c9971c" strokeWidth="1.5" />
      <rect x="24" y="42" width="12" height="6" rx="1.5" fill="#c9971c" />
      <path d="M30 48 8 78l22 30 22-30z" fill="#e8711a" />
      <path d="M30 48 19 78l11 30 11-30z" fill="#f5a623" />
      <path d="M8 78h44" stroke="#7a1f45" strokeWidth="2" />
      <circle cx="30" cy="78" r="5" fill="#fff4c9" className="lp-lantern-glow" />
      <path d="M22 108h16l-3 6h-10z" fill="#c9971c" />
      <path d="M24 114v22M30 114v30M36 114v22" stroke="#f5a623" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}

/** The restaurant's mark in the header: a diya inside a gold ring. */
export function LogoMark({ className }: OrnamentProps) {
  return (
    <svg className={className} viewBox="0 0 48 48" width="40" height="40" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="22" fill="#2e0b22" stroke="#f5a623" strokeWidth="2" />
      <path d="M24 9c3.5 5 5 8 5 10.5a5 5 0 0 1-10 0C19 17 20.5 14 24 9z" fill="#ffd36b" />
      <path d="M10 27h28c-1.2 7-7 11-14 11s-12.8-4-14-11z" fill="#e8711a" />
      <path d="M14 32c3 1.8 6.4 2.6 10 2.6s7-.8 10-2.6" stroke="#f5c451" strokeWidth="1.5" fill="none" strokeLinecap="round" />
    </svg>
  );
}
