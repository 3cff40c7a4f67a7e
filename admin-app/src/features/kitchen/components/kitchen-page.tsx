import { Alert, Button, Card, Flex, Layout, Skeleton, Table, Tag, Typography } from 'antd';
import type { KitchenAllergy, KitchenCounts, KitchenMealCount, KitchenTable } from '@festival/contracts';
import { Link } from '@festival/router';
import { ManagerOnly } from '#shared/components/manager-only.tsx';
import { SectionError } from '#shared/components/section-error.tsx';
import { useKitchenCounts } from '../api/kitchen-counts';
import './kitchen.css';

const LATE = <Tag color="orange">Late</Tag>;

/** Seats by meal, the late ones (chosen after `Meal choices close`) beside them, and the total. */
function MealCounts({ counts }: { counts: KitchenCounts }) {
  const anyLate = counts.meals.some((meal) => meal.late > 0);
  return (
    <Card title="Meals" role="region" aria-label="Meals">
      <Table<KitchenMealCount>
        rowKey="option"
        size="middle"
        pagination={false}
        dataSource={counts.meals}
        locale={{ emptyText: 'No paid seats yet' }}
        columns={[
          { title: 'Meal', dataIndex: 'option' },
          { title: 'Guests', dataIndex: 'count', align: 'right' },
          ...(anyLate ? [{ title: 'Of them late', dataIndex: 'late' as const, align: 'right' as const }] : []),
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>
              <strong>Total</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              <strong data-testid="kitchen-total">{counts.seats}</strong>
            </Table.Summary.Cell>
            {anyLate ? <Table.Summary.Cell index={2} /> : null}
          </Table.Summary.Row>
        )}
      />
    </Card>
  );
}

/** Every guest with an allergy or another dietary need: who, what they eat, and their order. */
function AllergyList({ allergies }: { allergies: KitchenAllergy[] }) {
  return (
    <Card title="Allergies and dietary needs" role="region" aria-label="Allergies and dietary needs">
      <Table<KitchenAllergy>
        rowKey={(row) => `${row.orderId}-${row.seat}`}
        size="middle"
        pagination={false}
        dataSource={allergies}
        locale={{ emptyText: 'No allergies or dietary needs' }}
        columns={[
          { title: 'Guest', dataIndex: 'guest' },
          { title: 'Meal', dataIndex: 'meal' },
          { title: 'Allergens', key: 'allergens', render: (_, row) => row.allergens.join(', ') || '—' },
          { title: 'Note', key: 'note', render: (_, row) => row.note ?? '—' },
          {
            title: 'Order',
            key: 'order',
            render: (_, row) => (
              <span>
                {row.reference} {row.late ? LATE : null}
              </span>
            ),
          },
        ]}
      />
    </Card>
  );
}

/** Each table sold (a ticket of several seats) with its seats' meals, as the kitchen plates a table. */
function TableTotals({ tables }: { tables: KitchenTable[] }) {
  return (
    <Card title="Tables" role="region" aria-label="Tables">
      <Table<KitchenTable>
        rowKey={(row) => `${row.orderId}-${row.ticket}`}
        size="middle"
        pagination={false}
        dataSource={tables}
        columns={[
          { title: 'Order', dataIndex: 'reference' },
          { title: 'Buyer', dataIndex: 'buyer' },
          { title: 'Ticket', dataIndex: 'ticket' },
          { title: 'Seats', dataIndex: 'seats', align: 'right' },
          { title: 'Meals', key: 'meals', render: (_, row) => row.meals.map((meal) => `${meal.count} ${meal.option}`).join(', ') },
        ]}
      />
    </Card>
  );
}

/**
 * `/admin/kitchen` (manager; door staff read-only): `Kitchen Counts` over the season's paid, not
 * refunded seats, comps and door sales included (docs/meals.md), the meals of each table sold, and
 * `Print for the kitchen`.
 */
export function KitchenPage() {
  const counts = useKitchenCounts();
  const closes = counts.data?.choicesCloseAt;
  return (
    <Layout className="kitchen-page">
      <Layout.Content className="kitchen-page__content">
        <Flex vertical gap={16}>
          <Flex gap={16} wrap className="kitchen-no-print">
            <ManagerOnly>
              <Link to="/admin">← Dashboard</Link>
            </ManagerOnly>
            <Link to="/admin/door">Door check-in</Link>
          </Flex>
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Typography.Title level={1} className="kitchen-page__title">
              Kitchen Counts
            </Typography.Title>
            <Button className="kitchen-no-print" onClick={() => window.print()} disabled={!counts.data}>
              Print for the kitchen
            </Button>
          </Flex>
          <Typography.Text type="secondary">
            Paid seats, not refunded (comps and door sales included). Seats whose meal nobody chose count as Not chosen.
            {closes ? ` Meal choices closed ${new Date(closes).toLocaleString('en-US')}; meals chosen after it are marked late.` : ''}
          </Typography.Text>
          {counts.error ? (
            <SectionError what="kitchen counts" error={counts.error} onRetry={() => void counts.refetch()} />
          ) : counts.data ? (
            <>
              {counts.data.meals.length === 0 ? (
                <Alert type="info" showIcon message="This event asks no meals: the manager adds meal options in Settings." />
              ) : null}
              <MealCounts counts={counts.data} />
              <AllergyList allergies={counts.data.allergies} />
              {counts.data.tables.length > 0 ? <TableTotals tables={counts.data.tables} /> : null}
            </>
          ) : (
            <Skeleton active paragraph={{ rows: 6 }} />
          )}
        </Flex>
      </Layout.Content>
    </Layout>
  );
}
