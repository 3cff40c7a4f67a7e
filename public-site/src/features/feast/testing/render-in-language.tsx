import { rendererInLanguage } from '@festival/web-kit/render-in-language';
import { messages as checkoutEn } from '../../../../../packages/web-kit/src/locales/checkout/en.po';
import { messages as checkoutHi } from '../../../../../packages/web-kit/src/locales/checkout/hi.po';
import { messages as checkoutTa } from '../../../../../packages/web-kit/src/locales/checkout/ta.po';
import { messages as feastEn } from '../../../locales/feast-checkout/en.po';
import { messages as feastHi } from '../../../locales/feast-checkout/hi.po';
import { messages as feastTa } from '../../../locales/feast-checkout/ta.po';

/**
 * Renders a feast checkout component in a language (English by default) with the catalogues its
 * page loads (its own and the web kit's checkout parts'), at `/feast-packs/checkout` in that
 * language unless told.
 */
export const renderInLanguage = rendererInLanguage(
  {
    en: { ...feastEn, ...checkoutEn },
    hi: { ...feastHi, ...checkoutHi },
    ta: { ...feastTa, ...checkoutTa },
  },
  '/feast-packs/checkout',
);
