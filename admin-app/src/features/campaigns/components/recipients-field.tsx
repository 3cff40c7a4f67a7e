import { Button, Flex, Input, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useToast } from '#shared/toast/use-toast.ts';
import { plural } from '../lib/plural';
import { parseRecipientLines, uniqueAddresses } from '../lib/recipients';
import { importRecipientsFile, skippedSummary } from '../lib/recipients-csv';
import { useCampaignDraftStore } from '../stores/campaign-draft-store';

/**
 * Recipients, one per line, or from a CSV/TXT file that replaces the list (saying which rows it
 * left out and why). Typing or uploading chooses the list as the campaign's audience.
 */
export function RecipientsField({ id }: { id: string }) {
  const recipientsText = useCampaignDraftStore((s) => s.recipientsText);
  const update = useCampaignDraftStore((s) => s.update);
  const input = useRef<HTMLInputElement>(null);
  const toast = useToast();
  const [skipped, setSkipped] = useState('');
  const count = uniqueAddresses(parseRecipientLines(recipientsText)).length;

  async function onFile(file: File) {
    const { addresses, skipped: rows } = await importRecipientsFile(file);
    if (addresses.length === 0) {
      toast.error('No email addresses', `${file.name} has no email addresses in it.`);
      return;
    }
    update({ recipientsText: addresses.join('\n'), audience: 'list' });
    setSkipped(rows.length ? `${file.name}: ${skippedSummary(rows)}` : '');
  }

  return (
    <Flex vertical gap={8}>
      <Input.TextArea
        id={id}
        rows={6}
        value={recipientsText}
        onChange={(event) => {
          update({ recipientsText: event.target.value, audience: 'list' });
          setSkipped('');
        }}
        placeholder={'guest@example.com\nfriend@example.com'}
        spellCheck={false}
      />
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text type="secondary" aria-live="polite">
          {plural(count, 'email address', 'email addresses')}
        </Typography.Text>
        <input
          ref={input}
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          style={{ display: 'none' }}
          aria-label="Recipients file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void onFile(file);
          }}
        />
        <Button onClick={() => input.current?.click()}>Upload CSV/TXT</Button>
      </Flex>
      {skipped && (
        <Typography.Text type="warning" role="status">
          {skipped}
        </Typography.Text>
      )}
    </Flex>
  );
}
