import { Alert, Button, Card, Col, Flex, Layout, Row, Typography } from 'antd';
import { useMemo } from 'react';
import { createPortal } from 'react-dom';
import { useSiteConfig } from '@festival/web-kit/site';
import { paperColors } from '@festival/web-kit/tokens';
import { AdminPageHeader } from '#shared/components/admin-page-header.tsx';
import { downloadUrl } from '#shared/lib/download.ts';
import { palette } from '#shared/theme/admin-theme.ts';
import { drinksMenuUrl, QR_FILE_NAME, QR_SIZE, qrPngDataUrl } from '../lib/drinks-qr';

const SHEET_ID = 'drinks-qr-sheet';

/**
 * On paper: only the sheet (a direct child of the body, next to the app), black on white, the
 * code about 11 cm square; on screen the sheet is not shown.
 */
const PRINT_CSS = `
#${SHEET_ID} { display: none; }
@media print {
  @page { margin: 15mm; }
  body > *:not(#${SHEET_ID}) { display: none !important; }
  html, body { background: ${paperColors.paper} !important; }
  #${SHEET_ID} { display: block; text-align: center; color: ${paperColors.ink}; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; }
  #${SHEET_ID} h1 { font-size: 30pt; margin: 0 0 4mm; }
  #${SHEET_ID} .event { font-size: 15pt; margin: 0 0 8mm; }
  #${SHEET_ID} img { width: 110mm; height: 110mm; image-rendering: pixelated; }
  #${SHEET_ID} .hint { font-size: 14pt; margin: 8mm 0 2mm; }
  #${SHEET_ID} .url { font: 11pt ui-monospace, Menlo, Consolas, monospace; }
}
`;

/** The printed card: what guests see on the tables. */
function PrintSheet({ dataUrl, url, event }: { dataUrl: string; url: string; event: string }) {
  return createPortal(
    <div id={SHEET_ID}>
      <h1>Scan to Order Drinks</h1>
      {event ? <p className="event">{event}</p> : null}
      <img src={dataUrl} width={QR_SIZE} height={QR_SIZE} alt="" />
      <p className="hint">Point your phone camera at the code to open the drinks menu.</p>
      <p className="url">{url}</p>
    </div>,
    document.body,
  );
}

const STEPS = [
  'Print this page on card stock (Print, then choose your printer). The code prints about 11 cm square; keep it at least 5 cm wide.',
  'Scan the printed code with a phone camera before the event: it must open the drinks menu at the address shown under the code.',
  'Place a card on every table, at the bar and at the entrance, where guests can scan it without leaning over.',
  'Make sure guests can reach the site at the venue: check the mobile signal, or put the guest Wi-Fi name and password next to the code.',
  'Keep the staff bar screen open during the event: drinks orders and open tabs arrive there.',
  'If the web address changes, print new cards: the code always points at the address of this site.',
];

/** /admin/drinks-qr: the code guests scan to order drinks, to print or download. */
export function DrinksQrPage() {
  const site = useSiteConfig();
  const url = drinksMenuUrl(window.location.origin);
  const image = useMemo((): { dataUrl: string; error?: undefined } | { dataUrl?: undefined; error: string } => {
    try {
      return { dataUrl: qrPngDataUrl(url) };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }, [url]);
  const { dataUrl } = image;
  const event = [site.data?.party.name, site.data?.restaurant.name].filter(Boolean).join(' · ');

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <style>{PRINT_CSS}</style>
      {dataUrl ? <PrintSheet dataUrl={dataUrl} url={url} event={event} /> : null}
      <AdminPageHeader
        title="Drinks QR Code"
        subtitle="Guests scan it to open the drinks menu and order from their table."
        maxWidth={1100}
        backToDashboard
      />
      <Layout.Content style={{ maxWidth: 1100, width: '100%', margin: '0 auto', padding: '24px 16px 48px' }}>
        <Row gutter={[24, 24]}>
          <Col xs={24} lg={13}>
            <Card>
              <Flex vertical align="center" gap={10} style={{ textAlign: 'center' }}>
                <Typography.Title level={2} style={{ margin: 0, color: palette.aubergine }}>
                  Scan to Order Drinks
                </Typography.Title>
                {event ? <Typography.Text style={{ fontSize: 16 }}>{event}</Typography.Text> : null}
                {dataUrl ? (
                  <img
                    src={dataUrl}
                    width={QR_SIZE}
                    height={QR_SIZE}
                    alt={`QR code that opens ${url}`}
                    style={{ maxWidth: '100%', height: 'auto', imageRendering: 'pixelated' }}
                  />
                ) : (
                  <Alert type="error" showIcon title="The QR code could not be made" description={image.error} />
                )}
                <Typography.Text style={{ fontSize: 15 }}>Point your phone camera at the code to open the drinks menu.</Typography.Text>
                <Typography.Text code style={{ fontSize: 14, wordBreak: 'break-all' }}>
                  {url}
                </Typography.Text>
              </Flex>
            </Card>
            <Flex gap={8} justify="center" wrap style={{ marginTop: 16 }}>
              <Button type="primary" size="large" onClick={() => window.print()} disabled={!dataUrl}>
                Print
              </Button>
              <Button size="large" onClick={() => dataUrl && downloadUrl(dataUrl, QR_FILE_NAME)} disabled={!dataUrl}>
                Download
              </Button>
            </Flex>
          </Col>
          <Col xs={24} lg={11}>
            <Card title={<h2 style={{ margin: 0, fontSize: 18, color: palette.aubergine }}>Setup Instructions</h2>}>
              <ol style={{ margin: 0, paddingInlineStart: 20, display: 'grid', gap: 10, lineHeight: 1.5 }}>
                {STEPS.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </Card>
          </Col>
        </Row>
      </Layout.Content>
    </Layout>
  );
}
