import { Alert, Flex, Spin } from 'antd';
import { ApiError } from '@festival/web-kit/api-client';
import { useMemo } from 'react';
import { palette } from '#shared/theme/admin-theme.ts';
import { useCampaignPreview } from '../api/preview-campaign';
import { framedDocument } from '../lib/preview-document';

const FRAME = { width: '100%', height: 620, border: `1px solid ${palette.border}`, borderRadius: 8, background: palette.white };

/**
 * The content as a recipient will see it, rendered by the server exactly as it sends it, in a
 * frame sandboxed with no permissions at all: no scripts, no forms, no navigation, and an
 * origin of its own.
 */
export function EmailPreview({ subject, content }: { subject: string; content: string }) {
  const preview = useCampaignPreview(subject, content);
  const document = useMemo(() => (preview.data ? framedDocument(preview.data.html) : undefined), [preview.data]);
  const problem = preview.error
    ? (preview.error instanceof ApiError && preview.error.serverMessage) || 'The preview could not be loaded.'
    : undefined;
  return (
    <Flex vertical gap={8}>
      {problem && <Alert type="warning" showIcon title={problem} />}
      {document === undefined ? (
        <Flex align="center" justify="center" style={FRAME}>
          {preview.isFetching && <Spin />}
        </Flex>
      ) : (
        <iframe title="Email preview" sandbox="" srcDoc={document} style={FRAME} />
      )}
    </Flex>
  );
}
