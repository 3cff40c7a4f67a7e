import { Button, Col, Form, Input, Modal, Row, Typography } from 'antd';
import { errorMessage } from '#shared/api/error-message.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { useCreateCampaign } from '../api/create-campaign';
import { plural } from '../lib/plural';
import { parseRecipientLines, uniqueAddresses } from '../lib/recipients';
import { useCampaignDraftStore } from '../stores/campaign-draft-store';
import { AudienceField, useChosenAudienceCount } from './audience-field';
import { CampaignImagesField } from './campaign-images-field';
import { EmailPreview } from './email-preview';
import { RecipientsField } from './recipients-field';

const PLACEHOLDER_HELP =
  'Filled in for each recipient: {{restaurant.name}}, {{restaurant.phone}}, {{email}}, {{siteUrl}}. The postal address and an unsubscribe link are added to every e-mail.';

/** The Create Email Campaign dialog, with a live preview beside the form. */
export function CreateCampaignDialog() {
  const open = useCampaignDraftStore((s) => s.dialogOpen);
  const close = useCampaignDraftStore((s) => s.closeDialog);
  const reset = useCampaignDraftStore((s) => s.reset);
  const update = useCampaignDraftStore((s) => s.update);
  const name = useCampaignDraftStore((s) => s.name);
  const subject = useCampaignDraftStore((s) => s.subject);
  const content = useCampaignDraftStore((s) => s.content);
  const recipientsText = useCampaignDraftStore((s) => s.recipientsText);
  const audience = useCampaignDraftStore((s) => s.audience);
  const audienceCount = useChosenAudienceCount();
  const create = useCreateCampaign();
  const toast = useToast();

  function submit() {
    const recipientEmails = uniqueAddresses(parseRecipientLines(recipientsText));
    const list = audience === 'list';
    if (!name.trim() || !subject.trim() || !content.trim() || (list && recipientEmails.length === 0)) {
      toast.error('Missing fields', 'Please fill in all fields and add at least one email address.');
      return;
    }
    if (!list && audienceCount === 0) {
      toast.error('No recipients', 'Nobody in this audience can be mailed yet: choose another or paste a list.');
      return;
    }
    create.mutate(
      { name: name.trim(), subject: subject.trim(), content, audience, ...(list ? { recipientEmails } : {}) },
      {
        onSuccess: (campaign) => {
          toast.success(
            'Campaign created',
            `“${campaign.name}” is saved as a draft for ${plural(campaign.recipientEmails.length, 'recipient')}.`,
          );
          reset();
          close();
        },
        onError: (error) => toast.error('Error', errorMessage(error, 'Failed to create campaign')),
      },
    );
  }

  return (
    <Modal
      open={open}
      title="Create Email Campaign"
      onCancel={close}
      width="min(1180px, 96vw)"
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={close}>
          Cancel
        </Button>,
        <Button key="create" type="primary" onClick={submit} loading={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create Campaign'}
        </Button>,
      ]}
    >
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={13}>
          <Form layout="vertical" component="div">
            <Form.Item label="Campaign Name" htmlFor="campaign-name">
              <Input
                id="campaign-name"
                value={name}
                onChange={(e) => update({ name: e.target.value })}
                placeholder="Diwali feast packs 2025"
                maxLength={200}
              />
            </Form.Item>
            <Form.Item label="Email Subject" htmlFor="campaign-subject">
              <Input
                id="campaign-subject"
                value={subject}
                onChange={(e) => update({ subject: e.target.value })}
                placeholder="Celebrate Diwali with a family feast"
                maxLength={300}
              />
            </Form.Item>
            <Form.Item label="Email Content (HTML)" htmlFor="campaign-content" help={PLACEHOLDER_HELP}>
              <Input.TextArea
                id="campaign-content"
                value={content}
                onChange={(e) => update({ content: e.target.value })}
                rows={12}
                spellCheck={false}
                style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 }}
              />
            </Form.Item>
            <Form.Item label="Add Images to Email" style={{ marginTop: 40 }}>
              <CampaignImagesField />
            </Form.Item>
            <Form.Item label="Send to">
              <AudienceField />
            </Form.Item>
            <Form.Item label="Recipients (one email per line)" htmlFor="campaign-recipients" style={{ marginBottom: 0 }}>
              <RecipientsField id="campaign-recipients" />
            </Form.Item>
          </Form>
        </Col>
        <Col xs={24} lg={11}>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            Preview
          </Typography.Title>
          <EmailPreview subject={subject} content={content} />
        </Col>
      </Row>
    </Modal>
  );
}
