import { Flex, Radio, Typography } from 'antd';
import { CAMPAIGN_AUDIENCE_LABELS, CAMPAIGN_AUDIENCES, type CampaignAudience, type GuestAudience } from '@festival/contracts';
import { errorMessage } from '#shared/api/error-message.ts';
import { useAudienceCount } from '../api/get-audience-count';
import { plural } from '../lib/plural';
import { useCampaignDraftStore } from '../stores/campaign-draft-store';

const guestAudience = (audience: CampaignAudience): GuestAudience | undefined => (audience === 'list' ? undefined : audience);

/**
 * Who the campaign goes to: the guests who agreed to news (all of them, this season's ticket
 * buyers, or feast pack buyers), with how many that is now, or the list below.
 */
export function AudienceField() {
  const audience = useCampaignDraftStore((s) => s.audience);
  const update = useCampaignDraftStore((s) => s.update);
  const count = useAudienceCount(guestAudience(audience));
  return (
    <Flex vertical gap={8}>
      <Radio.Group
        aria-label="Send to"
        value={audience}
        onChange={(event) => update({ audience: event.target.value as CampaignAudience })}
        options={CAMPAIGN_AUDIENCES.map((value) => ({ value, label: CAMPAIGN_AUDIENCE_LABELS[value] }))}
        style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
      />
      {audience !== 'list' ? (
        <Typography.Text type={count.error ? 'danger' : 'secondary'} aria-live="polite" data-testid="audience-count">
          {count.error
            ? errorMessage(count.error, 'The recipients could not be counted')
            : count.data
              ? `${plural(count.data.count, 'recipient')}${count.data.suppressed > 0 ? ` (${count.data.suppressed} more on the suppression list, skipped)` : ''}`
              : 'Counting recipients...'}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

/** The audience's count as last answered, for the dialog's checks (undefined while it is counted). */
export function useChosenAudienceCount(): number | undefined {
  const audience = useCampaignDraftStore((s) => s.audience);
  return useAudienceCount(guestAudience(audience)).data?.count;
}
