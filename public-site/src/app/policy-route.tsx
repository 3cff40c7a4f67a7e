import type { PolicyKind } from '@festival/contracts';
import { LEGAL_LINKS_CATALOGUE, remoteLanguages } from '@festival/web-kit/i18n';
import { PolicyPage } from '../features/policies/components/policy-page';

/**
 * The policies' frame's catalogues (src/locales/policies/ and the web kit's footer links), each
 * language a chunk of its own, loaded with the page only (docs/languages.md).
 */
const { LanguageProvider } = remoteLanguages(
  {
    en: () => import('../locales/policies/en.po'),
    hi: () => import('../locales/policies/hi.po'),
    ta: () => import('../locales/policies/ta.po'),
  },
  LEGAL_LINKS_CATALOGUE,
);

/**
 * `/privacy` and `/terms`, loaded only there: the policy in its frame, whose words (headings,
 * version line, links) are in the language of the path. The routes are English only yet
 * (SITE_ROUTES): the frame is translated, the staff's text is as they wrote it.
 */
export default function PolicyRoute({ kind }: { kind: PolicyKind }) {
  return (
    <LanguageProvider>
      <PolicyPage kind={kind} />
    </LanguageProvider>
  );
}
