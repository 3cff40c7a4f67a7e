import './desk-result.css';

/** Green when the guest may go ahead, red when not; neither while the desk waits. */
export type DeskResultTone = 'ok' | 'bad';

/**
 * The class names of a staff desk's result panel (the door's check-in, the pickup desk): the
 * panel's, with its tone and, for `flash`, a flash as the answer comes; its headline's and details'.
 */
export const deskResult = {
  panel: (tone?: DeskResultTone, { flash = false }: { flash?: boolean } = {}): string =>
    ['desk-result', tone ? `desk-result--${tone}` : null, tone && flash ? 'desk-result--flash' : null].filter(Boolean).join(' '),
  headline: 'desk-result__headline',
  detail: 'desk-result__detail',
};
