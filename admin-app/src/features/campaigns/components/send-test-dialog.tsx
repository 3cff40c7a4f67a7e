import { Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import type { Campaign } from '@festival/contracts';
import { errorMessage } from '#shared/api/error-message.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { useSendTestCampaign } from '../api/send-test-campaign';

/** Sends one copy of a campaign to one address (the campaign's status stays as it is). */
export function SendTestDialog({ campaign, onClose }: { campaign: Campaign | undefined; onClose(): void }) {
  const [email, setEmail] = useState('');
  const sendTest = useSendTestCampaign();
  const toast = useToast();

  function submit() {
    if (!campaign) return;
    sendTest.mutate(
      { id: campaign.id, email: email.trim() },
      {
        onSuccess: ({ sentTo }) => {
          toast.success('Test e-mail sent', `A copy of “${campaign.name}” went to ${sentTo}.`);
          onClose();
        },
        onError: (error) => toast.error('Error', errorMessage(error, 'Failed to send test e-mail')),
      },
    );
  }

  return (
    <Modal
      open={campaign !== undefined}
      title="Send test e-mail"
      onCancel={onClose}
      onOk={submit}
      okText={sendTest.isPending ? 'Sending...' : 'Send Test'}
      okButtonProps={{ disabled: !email.includes('@'), loading: sendTest.isPending }}
      destroyOnHidden
      afterClose={() => setEmail('')}
    >
      <Typography.Paragraph type="secondary">
        One copy of “{campaign?.name}”, marked [Test] in the subject, goes to the address below. The campaign itself is not sent.
      </Typography.Paragraph>
      <label htmlFor="test-email" style={{ display: 'block', marginBottom: 4 }}>
        Email address
      </label>
      <Input
        id="test-email"
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        onPressEnter={submit}
        placeholder="you@example.com"
        autoFocus
      />
    </Modal>
  );
}
