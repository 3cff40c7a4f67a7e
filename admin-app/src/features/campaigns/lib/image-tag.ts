import { escapeHtml } from '@festival/contracts';

/** The tag Copy Code puts on the clipboard; the sender turns its data URI into an inline attachment. */
export function imageTag(image: { name: string; dataUrl: string }): string {
  const alt = image.name.replace(/\.[^.]+$/, '');
  return `<img src="${image.dataUrl}" alt="${escapeHtml(alt)}" style="display:block;max-width:100%;height:auto;margin:0 auto;" />`;
}
