import './zod-setup.js';
import { z } from 'zod';

const defineSchema = <T>(build: () => T): T => build();

/** The two texts staff keep in `Policies` (docs/privacy.md): the privacy policy and the ticket terms. */
export const POLICY_KINDS = ['privacy', 'terms'] as const;
export type PolicyKind = (typeof POLICY_KINDS)[number];

/** Each policy's heading on its page and in the settings. */
export const POLICY_TITLES: Record<PolicyKind, string> = {
  privacy: 'Privacy policy',
  terms: 'Ticket terms',
};

/** Each policy's page. */
export const POLICY_PATHS: Record<PolicyKind, string> = {
  privacy: '/privacy',
  terms: '/terms',
};

/** The longest policy text staff may save, in characters of Markdown. */
export const MAX_POLICY_MARKDOWN = 50_000;

/** The line beside every pay button; "ticket terms" links `/terms`, "privacy policy" links `/privacy`. */
export const PAY_AGREEMENT_TEXT = 'By paying you agree to the ticket terms and the privacy policy';

/** The label of the unticked news box on the party, feast pack and waitlist forms. */
export const NEWS_CONSENT_LABEL = "Send me news about the restaurant's events";

/** The query key of a policy's `GET /api/policies/:kind`: the page reads it, the pre-render seeds it. */
export const policyQueryKey = (kind: PolicyKind) => ['policy', kind] as const;

export const isPolicyKind = (value: string): value is PolicyKind => (POLICY_KINDS as readonly string[]).includes(value);

/** `PUT /api/admin/policies/:kind`: the policy's whole text, in Markdown. */
export const policyUpdateRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.strictObject({
    markdown: z
      .string()
      .trim()
      .min(1, 'The policy text is required')
      .max(MAX_POLICY_MARKDOWN, `The policy text cannot be longer than ${MAX_POLICY_MARKDOWN.toLocaleString('en-US')} characters`),
  }),
);
export type PolicyUpdateRequest = z.infer<typeof policyUpdateRequestSchema>;

/** `GET /api/policies/:kind`: a policy as guests read it. */
export interface PublicPolicy {
  kind: PolicyKind;
  title: string;
  /** The Markdown rendered on the server and sanitised: no raw HTML passes. */
  html: string;
  /** 1 for the season's default text, one more at each save that changed the text. */
  version: number;
  /** When this version was saved (ISO); the season's start for its default text. */
  savedAt: string;
}

/** A policy in the staff's `Policies` section: what guests read, and its Markdown. */
export interface AdminPolicy extends PublicPolicy {
  markdown: string;
  /** True while the season still shows its default text (never saved). */
  isDefault: boolean;
}

/** `GET /api/admin/policies`. */
export type AdminPolicies = Record<PolicyKind, AdminPolicy>;

/**
 * A policy's date as its page and the settings show it: `November 28, 2026`, the day it was
 * saved where the restaurant is (the party's time zone), in `locale`.
 */
export function formatPolicyDate(iso: string, timeZone: string, locale = 'en-US'): string {
  return new Intl.DateTimeFormat(locale, { timeZone, month: 'long', day: 'numeric', year: 'numeric' }).format(new Date(iso));
}

/** The line under a policy's heading: `Version 3 · Effective November 28, 2026` (the day in `timeZone`). */
export const policyVersionLine = (policy: Pick<PublicPolicy, 'version' | 'savedAt'>, timeZone: string): string =>
  `Version ${policy.version} · Effective ${formatPolicyDate(policy.savedAt, timeZone)}`;
