import { rendererInLanguage } from '@festival/web-kit/render-in-language';
import { messages as linksEn } from '../../../../../packages/web-kit/src/locales/legal-links/en.po';
import { messages as linksHi } from '../../../../../packages/web-kit/src/locales/legal-links/hi.po';
import { messages as linksTa } from '../../../../../packages/web-kit/src/locales/legal-links/ta.po';
import { messages as findEn } from '../../../locales/find-my-tickets/en.po';
import { messages as findHi } from '../../../locales/find-my-tickets/hi.po';
import { messages as findTa } from '../../../locales/find-my-tickets/ta.po';
import { messages as myTicketsEn } from '../../../locales/my-tickets/en.po';
import { messages as myTicketsHi } from '../../../locales/my-tickets/hi.po';
import { messages as myTicketsTa } from '../../../locales/my-tickets/ta.po';

/**
 * Renders a My tickets component in a language (English by default) with the catalogues its
 * page loads (its own and the web kit's footer links; the party page's `Find my tickets` card's
 * too), at `/my-tickets` in that language unless told.
 */
export const renderInLanguage = rendererInLanguage(
  {
    en: { ...myTicketsEn, ...findEn, ...linksEn },
    hi: { ...myTicketsHi, ...findHi, ...linksHi },
    ta: { ...myTicketsTa, ...findTa, ...linksTa },
  },
  '/my-tickets',
);
