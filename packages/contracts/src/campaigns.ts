import './zod-setup.js';
import { z } from 'zod';

/** A campaign is `draft` until sent, `sending` while the sender works, then `sent` or `failed`. */
export const CAMPAIGN_STATUSES = ['draft', 'sending', 'sent', 'failed'] as const;
export const campaignStatusSchema = z.enum(CAMPAIGN_STATUSES);
export type CampaignStatus = z.infer<typeof campaignStatusSchema>;

export const CAMPAIGN_NAME_MAX_LENGTH = 200;
export const CAMPAIGN_SUBJECT_MAX_LENGTH = 300;
/** Characters of HTML content, images as data URIs included (the API takes 2 MB bodies). */
export const CAMPAIGN_CONTENT_MAX_LENGTH = 1_900_000;
export const CAMPAIGN_MAX_RECIPIENTS = 10_000;
/** The longest address SMTP can carry (RFC 5321 path limit, less the angle brackets). */
export const EMAIL_MAX_LENGTH = 254;

/**
 * One recipient address: trimmed and lower-cased (so the same guest typed twice is one
 * recipient), and a plausible address.
 */
export const recipientEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(
    z
      .email({ error: (issue) => `Not a valid e-mail address: ${String(issue.input)}` })
      .max(EMAIL_MAX_LENGTH, `An e-mail address can have at most ${EMAIL_MAX_LENGTH} characters`),
  );

const requiredText = (label: string, max: number) =>
  z.string().trim().min(1, `${label} is required`).max(max, `${label} can have at most ${max} characters`);

/**
 * Who a campaign goes to (docs/privacy.md, "Campaign audiences and the suppression list"): every
 * address that agreed to news, the current season's paid ticket buyers who agreed, the current
 * season's paid feast pack buyers who agreed, or a pasted or uploaded list. The suppression list
 * is left out of every audience.
 */
export const CAMPAIGN_AUDIENCES = ['agreed', 'ticket-buyers', 'feast-buyers', 'list'] as const;
export const campaignAudienceSchema = z.enum(CAMPAIGN_AUDIENCES);
export type CampaignAudience = z.infer<typeof campaignAudienceSchema>;

/** The admin's labels of the audiences, in the order the dialog offers them. */
export const CAMPAIGN_AUDIENCE_LABELS: Record<CampaignAudience, string> = {
  agreed: 'Everyone who agreed to news',
  'ticket-buyers': "This season's ticket buyers who agreed",
  'feast-buyers': 'Feast pack buyers who agreed',
  list: 'Pasted or uploaded list',
};

/** The audiences of the product's own guests (every audience but the pasted or uploaded list). */
export const guestAudienceSchema = z.enum(['agreed', 'ticket-buyers', 'feast-buyers'], {
  error: 'Unknown audience: use agreed, ticket-buyers or feast-buyers',
});
export type GuestAudience = z.infer<typeof guestAudienceSchema>;

/**
 * `GET /api/campaigns/audiences/{audience}`: how many addresses a campaign to it would mail now
 * (`count`), and how many more of its members are on the suppression list (`suppressed`: written
 * into the campaign too, and skipped with their reason, so its report shows them).
 */
export const campaignAudienceCountSchema = z.object({
  audience: campaignAudienceSchema,
  count: z.number().int().nonnegative(),
  suppressed: z.number().int().nonnegative(),
});
export type CampaignAudienceCount = z.infer<typeof campaignAudienceCountSchema>;

/**
 * `POST /api/campaigns`. `audience` defaults to `list`, which takes `recipientEmails`; the other
 * audiences take none (the server fills the recipients from the guests who agreed).
 */
export const createCampaignRequestSchema = z
  .strictObject({
    name: requiredText('Campaign name', CAMPAIGN_NAME_MAX_LENGTH),
    subject: requiredText('Email subject', CAMPAIGN_SUBJECT_MAX_LENGTH).refine((s) => !/[\r\n]/.test(s), 'Email subject must be one line'),
    content: z
      .string()
      .max(CAMPAIGN_CONTENT_MAX_LENGTH, 'Email content is too large; use fewer or smaller images')
      .refine((s) => s.trim().length > 0, 'Email content is required'),
    recipientEmails: z
      .array(recipientEmailSchema)
      .min(1, 'Add at least one email address')
      .max(CAMPAIGN_MAX_RECIPIENTS, `A campaign can have at most ${CAMPAIGN_MAX_RECIPIENTS} recipients`)
      .optional(),
    audience: campaignAudienceSchema.optional(),
  })
  .superRefine(
    (request, ctx) => {
      // Also run beside the other fields' issues, so that a missing list is named with them.
      const { audience, recipientEmails } = request as { audience?: unknown; recipientEmails?: unknown };
      const list = audience === undefined || audience === 'list';
      if (list && recipientEmails === undefined) {
        ctx.addIssue({ code: 'custom', path: ['recipientEmails'], message: 'Required' });
      }
      if (!list && recipientEmails !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['recipientEmails'], message: 'Only a pasted or uploaded list takes addresses' });
      }
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
export type CreateCampaignRequest = z.infer<typeof createCampaignRequestSchema>;

/**
 * `POST /api/campaigns/preview`: a draft's content rendered as it will be sent (the same template
 * engine, the footer, the plain-text part), for a sample recipient.
 */
export const campaignPreviewRequestSchema = z.strictObject({
  subject: z.string().max(CAMPAIGN_SUBJECT_MAX_LENGTH, `Email subject cannot be longer than ${CAMPAIGN_SUBJECT_MAX_LENGTH} characters`),
  content: z.string().max(CAMPAIGN_CONTENT_MAX_LENGTH, 'Email content is too large; use fewer or smaller images'),
  /** The sample recipient `{{email}}` shows; guest@example.com when left out. */
  email: z.string().pipe(recipientEmailSchema).optional(),
});
export type CampaignPreviewRequest = z.infer<typeof campaignPreviewRequestSchema>;

export const campaignPreviewSchema = z.object({
  /** The whole HTML document, inline images as `data:` URLs. */
  html: z.string(),
  text: z.string(),
});
export type CampaignPreview = z.infer<typeof campaignPreviewSchema>;

/** What a preview's unsubscribe link points to: the real one is signed for each recipient. */
export const PREVIEW_UNSUBSCRIBE_URL = '#unsubscribe';

/** `POST /api/campaigns/{id}/test`: one copy to one address, the campaign's status untouched. */
export const sendTestCampaignRequestSchema = z.strictObject({
  email: z.string().pipe(recipientEmailSchema),
});
export type SendTestCampaignRequest = z.infer<typeof sendTestCampaignRequestSchema>;

/** Where each recipient of a campaign stands. */
export const campaignProgressSchema = z.object({
  total: z.number().int().nonnegative(),
  /** Not yet delivered: waiting, being sent, or waiting for a retry. */
  pending: z.number().int().nonnegative(),
  sent: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  /** On the suppression list (unsubscribed, bounced, erased) before their message went out. */
  skipped: z.number().int().nonnegative(),
});
export type CampaignProgress = z.infer<typeof campaignProgressSchema>;

export const campaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  subject: z.string(),
  content: z.string(),
  recipientEmails: z.array(z.string()),
  status: campaignStatusSchema,
  /** Why a `failed` campaign stopped; null otherwise. */
  failureReason: z.string().nullable(),
  progress: campaignProgressSchema,
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type Campaign = z.infer<typeof campaignSchema>;

/** What became of one recipient, for the campaign's report. */
export const RECIPIENT_REPORT_STATUSES = ['pending', 'sent', 'failed', 'skipped'] as const;

/** Why a recipient was skipped: the suppression list's reason (docs/privacy.md). */
export const SKIP_REASONS = ['unsubscribed', 'bounced', 'erased'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** `GET /api/campaigns/{id}/recipients`: every recipient, in list order. */
export const campaignRecipientReportSchema = z.object({
  email: z.string(),
  status: z.enum(RECIPIENT_REPORT_STATUSES),
  /** `skipped`: the suppression reason; `failed`: the mail server's answer; null otherwise. */
  reason: z.string().nullable(),
});
export type CampaignRecipientReport = z.infer<typeof campaignRecipientReportSchema>;

export const sendTestCampaignResponseSchema = z.object({ sentTo: z.string() });
export type SendTestCampaignResponse = z.infer<typeof sendTestCampaignResponseSchema>;

/** `POST /api/unsubscribe?token=...` answered as JSON (mail programs' one-click requests). */
export const unsubscribeResponseSchema = z.object({ unsubscribed: z.literal(true) });
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponseSchema>;

/** `GET /api/campaigns/progress`: where every campaign stands, without content or recipients (cheap to poll). */
export const campaignProgressItemSchema = campaignSchema.pick({
  id: true,
  status: true,
  failureReason: true,
  progress: true,
  finishedAt: true,
});
export type CampaignProgressItem = z.infer<typeof campaignProgressItemSchema>;
