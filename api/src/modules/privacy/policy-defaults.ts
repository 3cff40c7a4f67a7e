import { POLICY_KINDS, POLICY_TITLES, type PolicyKind, type PublicPolicy } from '@festival/contracts';
import { renderPolicyMarkdown } from './policy-markdown.js';

/**
 * The text each season starts with (docs/privacy.md, "Policies and consent"), until the manager
 * saves their own in `Policies`. It names what the product really collects and keeps (docs/analytics.md,
 * docs/campaigns.md, docs/guest-account.md) and is written for California's CalOPPA: what is
 * collected, with whom it is shared, how a guest reviews or changes it, how Do Not Track and
 * Global Privacy Control are honoured, and the effective date (the version line on the page).
 */
const PRIVACY = `We are a family restaurant. This policy explains what our website collects when you visit it, buy party tickets, pre-order feast packs, join the waitlist or order drinks at the party, what we do with it, with whom we share it, and how you can see, correct or delete it. The version number and the effective date are shown at the top of this page; when we change this policy, the version goes up and the date changes.

## What we collect

**When you buy or sign up.** Your name, e-mail address and phone number; the tickets, feast packs or drinks you order, their prices, and your pickup time or table number; the meal choice and dietary needs you enter for each guest; the answer you give to "Send me news about the restaurant's events", with the date, the form and the version of this policy in force.

**When you pay.** Your card is entered into our card payment provider's form and goes straight to them. We never see or store your full card number or security code: we keep only the payment reference, the amount, and what the provider tells us about the payment (whether it succeeded, and any refund). If you choose to keep a card for your drinks tab, the card stays with the payment provider; we keep its reference, brand and last four digits, until you forget it or the season ends.

**When you visit.** To understand how guests use the site, our pages record page views, clicks on buttons and links, how far you scroll and how long a page stays open, the page that sent you here (the referrer) and the campaign tags in the link you followed (utm source, medium and campaign). With each such event we store the time, your browser's user agent, a random session number kept in your browser for the visit, and your IP address shortened (the last part removed). From your full IP address we look up an approximate place (city, region, country) in a database kept on our own server; the full address is not stored. We do not use advertising cookies and we do not sell or rent these records.

**Cookies and browser storage.** We use only what the site needs: a sign-in cookie when you open your tickets with the link we e-mail you (it lasts 12 hours), a cookie that keeps your ticket hold while you pay, your drinks cart and the visit's session number kept in your own browser.

## How we use it

- To sell and deliver your tickets, feast packs and drinks, admit you at the door and hand out your complimentary drink.
- To send the e-mails that go with an order: your tickets and their code, receipts, pickup details, refund notices, and the sign-in link you ask for.
- To send news about our events, only if you ticked "Send me news about the restaurant's events". Every such e-mail has an unsubscribe link; once you use it, no campaign is sent to that address again.
- To see which pages and campaigns work, in totals for the staff.
- To prevent fraud and abuse and to keep our records as the law requires.

## With whom we share it

We do not sell or share your personal information for advertising. We share it only with the companies that run parts of the service for us: our card payment provider (to take and refund payments), our e-mail delivery provider (to send the e-mails above) and our hosting provider, each only for that purpose; and with authorities when the law requires it.

## How long we keep it

Orders, waitlist entries and the consent answers are kept for the period set as "Keep guest data for" (24 months unless we set it otherwise), then deleted or made anonymous, except where tax or accounting law requires us to keep a record longer. Visit records are kept for about 13 months (400 days), then deleted; the staff's totals hold no personal data. Sign-in links expire after 30 minutes and sessions after 12 hours. An address that unsubscribed stays on our do-not-mail list so that we never e-mail it again.

## Your choices: review, correct, delete

You can see your tickets at any time from "Find my tickets". To review the personal information we hold about you, to correct it, or to ask us to delete it, e-mail or call the restaurant (the contact details are at the bottom of every page); we answer within 30 days. We will confirm the request comes from you, for example by replying to the e-mail address on your order. Deleting your data does not cancel a paid order you still want to use.

## Do Not Track and Global Privacy Control

When your browser sends a Global Privacy Control signal or a Do Not Track request, our site does not record your visit's page views, clicks or scrolling at all. We honour Global Privacy Control as your request to opt out of any sale or sharing of your personal information; we do not sell or share it in any case. No other company tracks you across sites through our pages.

## Children

Our website is not directed to children under 13 and we do not knowingly collect their personal information. Children's tickets are bought by an adult, who enters the guest details.

## Changes and contact

We may update this policy; the new version and its effective date appear at the top of this page, and the consent you gave is recorded with the version you saw. Questions: contact the restaurant at the address, telephone number or e-mail shown at the bottom of every page.
`;

const TERMS = `These terms apply to tickets for our party and to feast pack pre-orders bought on this website. The version number and the effective date are shown at the top of this page.

## Tickets

- Prices are shown in US dollars and include the group discount and any promo code you entered; sales tax is added as shown before you pay. The price our server calculates when you pay is the price you pay.
- Adult tickets are for guests aged 10 and over, child tickets for ages 5 to 9; children under 5 come in free with a ticketed adult.
- Your tickets are held for 15 minutes while you pay. If the party sells out before your payment completes, your payment is refunded in full automatically and you receive an e-mail saying so.
- Your confirmation e-mail carries your ticket code. Show it at the door (printed or on your phone); each code admits the guests on the order once. You can see your tickets and send them to yourself again from "Find my tickets".
- Each ticketed guest receives one complimentary drink; other drinks are paid for at the party.
- Tickets are for the date of the party they were sold for and end with it.

## Refunds

- To ask for a refund, contact the restaurant before the party with your order reference. The manager can refund a whole order or some of its tickets.
- A refund of some tickets returns their share of what you paid (by their list price, with their share of the discounts and tax), so that all refunds of an order add up to exactly what was paid.
- Refunds go back to the card you paid with through our payment provider; your bank may take several business days to show them. We e-mail you when a refund is made.
- Tickets are not refunded after the party has started, except where the law requires it or when we cancel or move the party, in which case we refund every ticket in full.

## Feast packs

- A feast pack pre-order is for the pickup date and time you chose. Bring your pickup code; the staff can find your order by name, e-mail, phone or reference too.
- Contact the restaurant before your pickup time to cancel; the manager refunds the whole pre-order. Food not picked up is not refunded.

## The party

- The restaurant may refuse entry or ask a guest to leave for unsafe or disrespectful behaviour, without a refund.
- Details shown on the site (the programme, the menu) may change; if the date or the place changes we e-mail every ticket holder and offer a full refund.

## Your information

What we collect when you buy, and what we do with it, is in our privacy policy. Ticking "Send me news about the restaurant's events" is never needed to buy.

## Contact

Questions about an order or a refund: contact the restaurant at the address, telephone number or e-mail shown at the bottom of every page.
`;

/** The Markdown a season shows for `kind` until the manager saves another. */
export const DEFAULT_POLICY_MARKDOWN: Record<PolicyKind, string> = { privacy: PRIVACY.trim(), terms: TERMS.trim() };

/** The defaults rendered, once. */
const DEFAULT_HTML = Object.fromEntries(POLICY_KINDS.map((kind) => [kind, renderPolicyMarkdown(DEFAULT_POLICY_MARKDOWN[kind])])) as Record<
  PolicyKind,
  string
>;

/** The version of a season's default text, until staff save their own. */
export const DEFAULT_POLICY_VERSION = 1;

/**
 * The default text of `kind` as guests read it, version 1, dated `savedAt` (the season's start).
 * The build's pre-render (scripts/prerender.mjs) renders `/privacy` and `/terms` with it too.
 */
export function defaultPublicPolicy(kind: PolicyKind, savedAt: Date): PublicPolicy {
  return { kind, title: POLICY_TITLES[kind], html: DEFAULT_HTML[kind], version: DEFAULT_POLICY_VERSION, savedAt: savedAt.toISOString() };
}
