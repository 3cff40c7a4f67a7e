import type { CampaignRecipientReport } from '@festival/contracts';

/** What the report says of one recipient: `Sent`, `Pending`, `Failed: …`, `Skipped: unsubscribed`. */
export function recipientOutcome({ status, reason }: CampaignRecipientReport): string {
  if (status === 'sent') return 'Sent';
  if (status === 'pending') return 'Pending';
  const label = status === 'failed' ? 'Failed' : 'Skipped';
  return reason ? `${label}: ${reason}` : label;
}
