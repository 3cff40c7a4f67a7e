import { Button, Card, Flex, Typography } from 'antd';
import { useMemo } from 'react';
import { SectionTitle } from '#shared/components/section-title.tsx';
import { palette } from '#shared/theme/admin-theme.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { marketingLinks, type MarketingLink } from '../lib/marketing-links';

/** Copies text, with the older fallback for browsers without the async clipboard (plain http). */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('copy refused');
}

/** 4. Marketing Shareable Links: the eight preset links, each with a copy button. */
export function MarketingLinksSection({ origin }: { origin: string }) {
  const links = useMemo(() => marketingLinks(origin), [origin]);
  const toast = useToast();

  async function copy(link: MarketingLink) {
    try {
      await copyText(link.url);
      toast.success('Link copied!', `The ${link.channel} link is on the clipboard.`);
    } catch {
      toast.error('Error', 'The browser did not allow copying. Select the link and copy it by hand.');
    }
  }

  return (
    <Card
      title={
        <SectionTitle subtitle="Share these so each visit and sale is credited to its channel">Marketing Shareable Links</SectionTitle>
      }
    >
      <ul
        aria-label="Marketing links"
        style={{
          listStyle: 'none',
          margin: 0,
          padding: 0,
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))',
          gap: 10,
        }}
      >
        {links.map((link) => (
          <li key={link.channel}>
            <Flex
              align="center"
              gap={10}
              style={{
                padding: '8px 10px',
                border: `1px solid ${palette.border}`,
                borderRadius: 8,
                background: palette.white,
                minHeight: 56,
              }}
            >
              <Flex vertical style={{ minWidth: 0, flex: 1 }}>
                <Typography.Text strong>{link.channel}</Typography.Text>
                <span
                  style={{
                    fontFamily: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace",
                    fontSize: 12,
                    color: palette.inkSoft,
                    overflowWrap: 'anywhere',
                  }}
                >
                  {link.url}
                </span>
              </Flex>
              <Button onClick={() => void copy(link)} aria-label={`Copy ${link.channel} link`}>
                Copy
              </Button>
            </Flex>
          </li>
        ))}
      </ul>
    </Card>
  );
}
