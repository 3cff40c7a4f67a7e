import { rendererInLanguage } from '@festival/web-kit/render-in-language';
import { messages as partyEn } from '../../../locales/party/en.po';
import { messages as partyHi } from '../../../locales/party/hi.po';
import { messages as partyTa } from '../../../locales/party/ta.po';

/** Renders a party component in a language (English by default), at a path in that language when given. */
export const renderInLanguage = rendererInLanguage({ en: partyEn, hi: partyHi, ta: partyTa }, null);
