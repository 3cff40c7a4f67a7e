import { Button, Card, Flex, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatCents, type GuestData } from '@festival/contracts';
import { SectionError } from '#shared/components/section-error.tsx';
import { guestExportHref, useGuestData } from '../api/guests';
import { EraseGuestDialog } from './erase-guest-dialog';

const day = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }) : '—';
const ref = (id: string) => id.slice(0, 8).toUpperCase();

/** Each kind of record the platform holds, in the staff's words, one line per record. */
function sections(data: GuestData): { title: string; lines: string[] }[] {
  return [
    {
      title: 'Party orders',
      lines: data.partyOrders.flatMap((o) => [
        `Order ${ref(o.id)} · ${o.status} · ${o.tickets.map((t) => `${t.quantity} ${t.name}`).join(', ')} · ${formatCents(o.totalCents)} · ${day(o.createdAt)} · ${o.name}, ${o.phone}`,
        ...o.guests.map(
          (g) =>
            `  Seat ${g.seat}: ${g.name ?? 'Guest'} · ${g.meal}${g.allergens.length ? ` · ${g.allergens.join(', ')}` : ''}${g.note ? ` · ${g.note}` : ''}`,
        ),
      ]),
    },
    {
      title: 'Feast orders',
      lines: data.feastOrders.map(
        (o) =>
          `Order ${ref(o.id)} · ${o.status} · ${o.packCount} packs · ${formatCents(o.totalCents)} · pickup ${o.pickupDate} ${o.pickupTime}`,
      ),
    },
    {
      title: 'Drinks orders',
      lines: data.drinkOrders.map(
        (o) =>
          `Order ${ref(o.id)} · ${o.status}${o.tabId ? ` on tab ${ref(o.tabId)}` : ''} · ${formatCents(o.totalCents)} · ${day(o.createdAt)}`,
      ),
    },
    {
      title: 'Tabs',
      lines: data.drinkTabs.map(
        (t) =>
          `Tab ${ref(t.id)} · ${t.status} · ${t.chargedCents === null ? 'not charged' : formatCents(t.chargedCents)} · ${day(t.openedAt)}`,
      ),
    },
    { title: 'Waitlist', lines: data.waitlistEntries.map((w) => `${w.tickets} tickets · ${w.status} · joined ${day(w.joinedAt)}`) },
    {
      title: 'Consent',
      lines: data.consentRecords.map(
        (c) => `${c.agreed ? 'Agreed to news' : 'Did not tick the news box'} · ${c.page} · policy ${c.policyVersion} · ${day(c.createdAt)}`,
      ),
    },
    { title: 'Campaign sends', lines: data.campaignSends.map((s) => `${s.campaign} · ${s.status} · ${day(s.sentAt)}`) },
    {
      title: 'Kept cards',
      lines: data.keptCards.map(
        (k) => `${k.brand ?? 'Card'} ending ${k.last4 ?? '—'} · order ${ref(k.orderId)}${k.forgottenAt ? ' · forgotten' : ''}`,
      ),
    },
    {
      title: 'Sign-in links and sessions',
      lines: [
        ...data.signInLinks.map((l) => `Link sent ${day(l.createdAt)}${l.usedAt ? ', used' : ''}`),
        ...data.signInSessions.map((s) => `Signed in ${day(s.createdAt)}`),
      ],
    },
    {
      title: 'Analytics events',
      lines: data.analyticsEvents.map(
        (e) => `${e.eventType} · ${day(e.createdAt)}${e.geoCountry ? ` · ${[e.geoCity, e.geoCountry].filter(Boolean).join(', ')}` : ''}`,
      ),
    },
  ];
}

/** One guest's page: everything held about them, `Export` and `Erase`. */
export function GuestDetails({ email, onErased }: { email: string; onErased(): void }) {
  const data = useGuestData(email);
  const [erasing, setErasing] = useState(false);

  return (
    <Card
      title={email}
      extra={
        <Space wrap>
          <Button href={guestExportHref(email)} download>
            Export
          </Button>
          <Button danger onClick={() => setErasing(true)}>
            Erase
          </Button>
        </Space>
      }
    >
      {data.error ? (
        <SectionError what="guest's data" error={data.error} onRetry={() => void data.refetch()} />
      ) : data.data ? (
        <Flex vertical gap={16}>
          <Typography.Text>
            Suppression list: {data.data.suppression ? <Tag color="red">{data.data.suppression}</Tag> : <Tag>not suppressed</Tag>}
          </Typography.Text>
          {sections(data.data).map((section) => (
            <section key={section.title} aria-label={section.title}>
              <Typography.Title level={3} style={{ fontSize: 16 }}>
                {section.title} ({section.lines.filter((l) => !l.startsWith('  ')).length})
              </Typography.Title>
              {section.lines.length === 0 ? (
                <Typography.Text type="secondary">None</Typography.Text>
              ) : (
                <ul style={{ margin: 0, paddingLeft: 20 }}>
                  {section.lines.map((line, index) => (
                    <li key={index} style={{ whiteSpace: 'pre-wrap' }}>
                      {line}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </Flex>
      ) : (
        <Typography.Text type="secondary">Loading…</Typography.Text>
      )}
      {erasing ? (
        <EraseGuestDialog
          email={email}
          onClose={() => setErasing(false)}
          onErased={() => {
            setErasing(false);
            onErased();
          }}
        />
      ) : null}
    </Card>
  );
}
