import './policy.css';
import { POLICY_TITLES, policyVersionLine, type PolicyKind } from '@festival/contracts';
import { usePageMeta } from '@festival/web-kit/site';
import { usePolicy } from '../api/policy';

/**
 * `/privacy` and `/terms` (docs/privacy.md): the policy staff keep in `Policies`, its version and
 * date. Its HTML was rendered from Markdown and sanitised by the server: no raw HTML passes.
 */
export function PolicyArticle({ kind, restaurantName }: { kind: PolicyKind; restaurantName: string | undefined }) {
  const policy = usePolicy(kind);
  const title = POLICY_TITLES[kind];
  usePageMeta(
    restaurantName === undefined
      ? undefined
      : {
          title: `${title} | ${restaurantName}`,
          description: `${restaurantName}'s ${title.toLowerCase()} for its website, tickets and feast packs.`,
        },
  );
  return (
    <main className="lp-main policy-page">
      <article className="lp-container policy">
        <h1 className="policy-title">{title}</h1>
        {policy.data ? (
          <>
            <p className="policy-version">{policyVersionLine(policy.data)}</p>
            <div className="policy-text" dangerouslySetInnerHTML={{ __html: policy.data.html }} />
          </>
        ) : policy.isError ? (
          <p className="lp-alert" role="alert">
            The {title.toLowerCase()} could not load. Check your connection and reload the page.
          </p>
        ) : (
          <p role="status">Loading the {title.toLowerCase()}…</p>
        )}
      </article>
    </main>
  );
}
