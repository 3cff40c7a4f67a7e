import './icons.css';

/**
 * Small line icons beside labels, in the colour of the text around them. Each is an SVG drawing
 * in `icons/`, used by the stylesheet as a mask over `currentColor` (icons.css), so the drawings
 * travel with the page's CSS and cost its script nothing. Decorative: hidden from assistive
 * technology.
 */
const icon = (name: string) => () => <span className={`lp-icon lp-icon--${name}`} aria-hidden="true" />;

export const PhoneIcon = icon('phone');
export const BagIcon = icon('bag');
export const CalendarIcon = icon('calendar');
export const PinIcon = icon('pin');
export const ClockIcon = icon('clock');
export const MusicIcon = icon('music');
