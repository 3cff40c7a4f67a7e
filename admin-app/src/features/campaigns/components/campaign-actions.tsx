import { Button, Flex, Popconfirm } from 'antd';
import type { Campaign } from '@festival/contracts';
import { errorMessage } from '#shared/api/error-message.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { useDeleteCampaign } from '../api/delete-campaign';
import { useSendCampaign } from '../api/send-campaign';
import { plural } from '../lib/plural';

interface CampaignActionsProps {
  campaign: Campaign;
  onSendTest(campaign: Campaign): void;
  onReport(campaign: Campaign): void;
}

/** Send (drafts only), Report (once sending), Send test, and Delete. */
export function CampaignActions({ campaign, onSendTest, onReport }: CampaignActionsProps) {
  const send = useSendCampaign();
  const remove = useDeleteCampaign();
  const toast = useToast();
  const count = campaign.recipientEmails.length;

  const onSend = () =>
    send.mutate(campaign.id, {
      onSuccess: () =>
        toast.success('Campaign sent', `“${campaign.name}” is going out to ${plural(count, 'recipient')}; the progress shows in the list.`),
      onError: (error) => toast.error('Error', errorMessage(error, 'Failed to send campaign')),
    });
  const onDelete = () =>
    remove.mutate(campaign.id, {
      onSuccess: () => toast.success('Campaign deleted'),
      onError: (error) => toast.error('Error', errorMessage(error, 'Failed to delete campaign')),
    });

  return (
    <Flex gap={8} wrap>
      {campaign.status === 'draft' ? (
        <Popconfirm
          title="Send this campaign now?"
          description={`It goes to ${plural(count, 'recipient')} and cannot be called back.`}
          okText="Send now"
          cancelText="Not yet"
          onConfirm={onSend}
        >
          <Button type="primary" size="small" loading={send.isPending}>
            Send
          </Button>
        </Popconfirm>
      ) : null}
      {campaign.status !== 'draft' ? (
        <Button size="small" onClick={() => onReport(campaign)}>
          Report
        </Button>
      ) : null}
      <Button size="small" onClick={() => onSendTest(campaign)}>
        Send test
      </Button>
      <Popconfirm
        title="Delete this campaign?"
        description={campaign.status === 'sending' ? 'Sending stops first; messages already sent stay sent.' : 'It cannot be restored.'}
        okText="Delete"
        okButtonProps={{ danger: true }}
        cancelText="Keep"
        onConfirm={onDelete}
      >
        <Button size="small" danger loading={remove.isPending}>
          Delete
        </Button>
      </Popconfirm>
    </Flex>
  );
}
