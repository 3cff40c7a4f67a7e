import './policy.css';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { formatPolicyDate, LANGUAGE_LOCALES, type PolicyKind, type PublicPolicy } from '@festival/contracts';
import { useLanguage } from '@festival/web-kit/i18n';
import { usePageMeta } from '@festival/web-kit/site';
import { usePolicy } from '../api/policy';

/**
 * Each policy's words around its text, in the page's language (the English ones are the
 * contract's POLICY_TITLES): the text itself is the staff's, as they wrote it.
 */
const WORDS: Record<PolicyKind, Record<'title' | 'loading' | 'failed', MessageDescriptor>> = {
  privacy: {
    title: msg({ message: 'Privacy policy', comment: "The privacy policy page's heading." }),
    loading: msg`Loading the privacy policy…`,
    failed: msg`The privacy policy could not load. Check your connection and reload the page.`,
  },
  terms: {
    title: msg({
      message: 'Ticket terms',
      comment: "The ticket terms page's heading (the terms of the party's tickets and the feast packs).",
    }),
    loading: msg`Loading the ticket terms…`,
    failed: msg`The ticket terms could not load. Check your connection and reload the page.`,
  },
};

/**
 * A policy's version and date, `Version 3 · Effective November 28, 2026` (the day in the party's
 * time zone), in English as `policyVersionLine` says it.
 */
function useVersionLine(): (policy: Pick<PublicPolicy, 'version' | 'savedAt'>, timeZone: string) => string {
  const { t } = useLingui();
  const language = useLanguage();
  return ({ version, savedAt }, timeZone) => {
    const date = formatPolicyDate(savedAt, timeZone, LANGUAGE_LOCALES[language]);
    return t({
      message: `Version ${version} · Effective ${date}`,
      comment: "Review: legal. Under a policy's heading: its version number and the day it took effect (date: November 28, 2026).",
    });
  };
}

/**
 * `/privacy` and `/terms` (docs/privacy.md): the policy staff keep in `Policies`, its version and
 * date. Its HTML was rendered from Markdown and sanitised by the server: no raw HTML passes.
 */
export function PolicyArticle({
  kind,
  restaurantName,
  timeZone,
}: {
  kind: PolicyKind;
  restaurantName: string | undefined;
  /** The party's time zone (where the restaurant is): the policy's date is its day there. */
  timeZone: string | undefined;
}) {
  const { t, i18n } = useLingui();
  const policy = usePolicy(kind);
  const versionLine = useVersionLine();
  const words = WORDS[kind];
  const title = i18n._(words.title);
  usePageMeta(
    restaurantName === undefined
      ? undefined
      : {
          title: t({
            message: `${title} | ${restaurantName}`,
            comment: "The browser tab's title: the policy's name, then the restaurant's.",
          }),
          description:
            kind === 'privacy'
              ? t({
                  message: `${restaurantName}'s privacy policy for its website, tickets and feast packs.`,
                  comment: 'Description of the privacy policy page for search results and shared links.',
                })
              : t({
                  message: `${restaurantName}'s ticket terms for its website, tickets and feast packs.`,
                  comment: 'Description of the ticket terms page for search results and shared links.',
                }),
        },
  );
  return (
    <main className="lp-main policy-page">
      <article className="lp-container policy">
        <h1 className="policy-title">{title}</h1>
        {policy.data ? (
          <>
            {/* Until the site's configuration (its time zone) has arrived, the line waits. */}
            {timeZone ? <p className="policy-version">{versionLine(policy.data, timeZone)}</p> : null}
            <div className="policy-text" dangerouslySetInnerHTML={{ __html: policy.data.html }} />
          </>
        ) : policy.isError ? (
          <p className="lp-alert" role="alert">
            {i18n._(words.failed)}
          </p>
        ) : (
          <p role="status">{i18n._(words.loading)}</p>
        )}
      </article>
    </main>
  );
}
