import { Flex, Progress, Tag, Typography } from 'antd';
import type { Campaign } from '@festival/contracts';

/** The status badge: sent = default, sending = processing, failed = error, anything else outlined. */
export function CampaignStatusBadge({ status }: { status: Campaign['status'] }) {
  if (status === 'sent') return <Tag>{status}</Tag>;
  if (status === 'sending') return <Tag color="processing">{status}</Tag>;
  if (status === 'failed') return <Tag color="error">{status}</Tag>;
  return <Tag variant="outlined">{status}</Tag>;
}

function outcome({ sent, failed, skipped }: Campaign['progress']): string {
  return [`${sent} sent`, failed > 0 ? `${failed} failed` : '', skipped > 0 ? `${skipped} skipped` : ''].filter(Boolean).join(' · ');
}

/** The badge, with the progress of a sending campaign and the outcome of a finished one. */
export function CampaignStatus({ campaign }: { campaign: Campaign }) {
  const { status, progress, failureReason } = campaign;
  const done = progress.total - progress.pending;
  return (
    <Flex vertical gap={4} style={{ minWidth: 150 }}>
      <div>
        <CampaignStatusBadge status={status} />
      </div>
      {status === 'sending' ? (
        <>
          <Progress
            percent={progress.total > 0 ? Math.floor((done / progress.total) * 100) : 0}
            size="small"
            showInfo={false}
            aria-label={`Sent ${progress.sent} of ${progress.total}`}
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {progress.sent} of {progress.total} sent
          </Typography.Text>
        </>
      ) : null}
      {status === 'sent' || status === 'failed' ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {outcome(progress)}
        </Typography.Text>
      ) : null}
      {status === 'failed' && failureReason ? (
        <Typography.Text type="danger" style={{ fontSize: 12, maxWidth: 260 }} ellipsis={{ tooltip: failureReason }}>
          {failureReason}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
