import { rendererInLanguage } from '@festival/web-kit/render-in-language';
import { messages as menuEn } from '../../locales/menu/en.po';
import { messages as menuHi } from '../../locales/menu/hi.po';
import { messages as menuTa } from '../../locales/menu/ta.po';
import { messages as ordersEn } from '../../locales/orders/en.po';
import { messages as ordersHi } from '../../locales/orders/hi.po';
import { messages as ordersTa } from '../../locales/orders/ta.po';

/** Renders a drinks component in a language (English by default), on `/drinks` in that language unless told. */
export const renderInLanguage = rendererInLanguage(
  { en: { ...menuEn, ...ordersEn }, hi: { ...menuHi, ...ordersHi }, ta: { ...menuTa, ...ordersTa } },
  '/drinks',
);
