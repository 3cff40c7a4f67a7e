import { Button, Card, ConfigProvider, Layout } from 'antd';
import { useState } from 'react';
import type { Campaign } from '@festival/contracts';
import { AdminPageHeader } from '#shared/components/admin-page-header.tsx';
import { SectionError } from '#shared/components/section-error.tsx';
import { palette } from '#shared/theme/admin-theme.ts';
import { useLiveCampaigns } from '../hooks/use-live-campaigns';
import { useCampaignDraftStore } from '../stores/campaign-draft-store';
import { CampaignReportDialog } from './campaign-report-dialog';
import { CampaignsTable } from './campaigns-table';
import { CreateCampaignDialog } from './create-campaign-dialog';
import { SendTestDialog } from './send-test-dialog';

/** The page's main call to action, in marigold on the aubergine header. */
const MARIGOLD_BUTTON = { token: { colorPrimary: palette.marigold, colorTextLightSolid: palette.ink } };

/** /admin/campaigns: the campaign list, and the dialog to write a new one. */
export function CampaignsPage() {
  const campaigns = useLiveCampaigns();
  const openDialog = useCampaignDraftStore((s) => s.openDialog);
  const [testing, setTesting] = useState<Campaign>();
  const [reporting, setReporting] = useState<string>();
  const reported = campaigns.campaigns?.find((c) => c.id === reporting);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AdminPageHeader
        title="Email Campaigns"
        subtitle="Write festival e-mails and send them to your guests."
        maxWidth={1200}
        backToDashboard
        extra={
          <ConfigProvider theme={MARIGOLD_BUTTON}>
            <Button type="primary" size="large" onClick={openDialog}>
              Create Campaign
            </Button>
          </ConfigProvider>
        }
      />
      <Layout.Content style={{ maxWidth: 1200, width: '100%', margin: '0 auto', padding: '24px 16px 48px' }}>
        <Card title="All Campaigns">
          {campaigns.error ? (
            <SectionError what="campaigns" error={campaigns.error} onRetry={() => void campaigns.refetch()} />
          ) : (
            <CampaignsTable
              campaigns={campaigns.campaigns}
              loading={campaigns.isPending}
              onCreate={openDialog}
              onSendTest={setTesting}
              onReport={(c) => setReporting(c.id)}
            />
          )}
        </Card>
      </Layout.Content>
      <CreateCampaignDialog />
      <SendTestDialog campaign={testing} onClose={() => setTesting(undefined)} />
      <CampaignReportDialog campaign={reported} onClose={() => setReporting(undefined)} />
    </Layout>
  );
}
