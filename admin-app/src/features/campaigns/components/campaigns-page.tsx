import { Alert, Button, Card, ConfigProvider, Flex, Layout, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from '@festival/router';
import type { Campaign } from '@festival/contracts';
import { errorMessage } from '../../../shared/api/error-message';
import { palette } from '../../../shared/theme/admin-theme';
import { useLiveCampaigns } from '../hooks/use-live-campaigns';
import { useCampaignDraftStore } from '../stores/campaign-draft-store';
import { CampaignsTable } from './campaigns-table';
import { CreateCampaignDialog } from './create-campaign-dialog';
import { SendTestDialog } from './send-test-dialog';
import { Diya } from '../../../shared/components/diya';

/** The page's main call to action, in marigold on the aubergine header. */
const MARIGOLD_BUTTON = { token: { colorPrimary: palette.marigold, colorTextLightSolid: palette.ink } };

/** /admin/campaigns: the campaign list, and the dialog to write a new one. */
export function CampaignsPage() {
  const campaigns = useLiveCampaigns();
  const openDialog = useCampaignDraftStore((s) => s.openDialog);
  const navigate = useNavigate();
  const [testing, setTesting] = useState<Campaign>();

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <header style={{ background: palette.aubergine, borderBottom: `4px solid ${palette.marigold}` }}>
        <Flex vertical gap={12} style={{ maxWidth: 1200, margin: '0 auto', padding: '16px 16px 20px' }}>
          <div>
            <Button ghost onClick={() => navigate('/admin')}>
              ← Back to Dashboard
            </Button>
          </div>
          <Flex justify="space-between" align="center" gap={12} wrap>
            <Flex align="center" gap={10}>
              <Diya size={28} />
              <div>
                <Typography.Title level={1} style={{ margin: 0, fontSize: 28, color: palette.cream }}>
                  Email Campaigns
                </Typography.Title>
                <Typography.Text style={{ color: '#f3d9a4' }}>Write festival e-mails and send them to your guests.</Typography.Text>
              </div>
            </Flex>
            <ConfigProvider theme={MARIGOLD_BUTTON}>
              <Button type="primary" size="large" onClick={openDialog}>
                Create Campaign
              </Button>
            </ConfigProvider>
          </Flex>
        </Flex>
      </header>
      <Layout.Content style={{ maxWidth: 1200, width: '100%', margin: '0 auto', padding: '24px 16px 48px' }}>
        <Card title="All Campaigns">
          {campaigns.error ? (
            <Alert
              type="error"
              showIcon
              title="The campaigns could not be loaded"
              description={errorMessage(campaigns.error, 'Please check the connection and try again.')}
              action={
                <Button size="small" onClick={() => void campaigns.refetch()}>
                  Retry
                </Button>
              }
            />
          ) : (
            <CampaignsTable campaigns={campaigns.campaigns} loading={campaigns.isPending} onCreate={openDialog} onSendTest={setTesting} />
          )}
        </Card>
      </Layout.Content>
      <CreateCampaignDialog />
      <SendTestDialog campaign={testing} onClose={() => setTesting(undefined)} />
    </Layout>
  );
}
