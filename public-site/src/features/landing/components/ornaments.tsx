import './ornaments.css';

/**
 * Festive ornaments: diyas (oil lamps), a rangoli, hanging lanterns and the restaurant's mark.
 * Each is an SVG drawing in `ornaments/`, painted by the stylesheet (ornaments.css), so the
 * drawings travel with the page's CSS and cost its script nothing. All are decorative (hidden
 * from assistive technology) and sit beside text, never behind it.
 */

interface OrnamentProps {
  className?: string;
}

const ornament = (drawing: string, className: string | undefined) => (
  <span className={className ? `${drawing} ${className}` : drawing} aria-hidden="true" />
);

/** A row of diyas, as lit along a doorstep, their flames glowing softly (still under reduced motion). */
export function DiyaRow({ count = 5, className }: OrnamentProps & { count?: number }) {
  return (
    <div className={`lp-diya-row ${className ?? ''}`} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <span key={i} className="lp-diya" />
      ))}
    </div>
  );
}

/** A rangoli: petals and dots around a centre, in marigold, saffron and gold. */
export const Rangoli = ({ className }: OrnamentProps) => ornament('lp-rangoli', className);

/** A hanging paper lantern (akash kandil) on its cord. */
export const Lantern = ({ className }: OrnamentProps) => ornament('lp-lantern', className);

/** The restaurant's mark in the header: a diya inside a gold ring. */
export const LogoMark = ({ className }: OrnamentProps) => ornament('lp-logo-mark', className);
