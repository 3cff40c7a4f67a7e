import { Button, Card, DatePicker, Flex, Form, InputNumber, Space } from 'antd';
import { useEffect } from 'react';
import { ticketSettingsSchema, type AdminSettings } from '@festival/contracts';
import { useSaveTickets } from '../api/settings';
import { SALE_TIME_FORMAT, ticketForm, ticketSettingsOf, type TicketForm } from '../lib/ticket-form';
import { useSectionSave } from '../lib/use-section-save';

const required = (what: string) => [{ required: true, message: `Enter the ${what}` }];

/** `Tickets`: prices, child ages, capacity, the sale window, group discounts, tax rate, hold time and waitlist offer hours. */
export function TicketsSection({ settings }: { settings: AdminSettings }) {
  const [form] = Form.useForm<TicketForm>();
  const save = useSaveTickets();
  const { timeZone } = settings;
  const submit = useSectionSave({
    form,
    schema: ticketSettingsSchema,
    toSection: (values: TicketForm) => ticketSettingsOf(values, timeZone),
    save,
    conflictField: ['capacity'],
  });

  useEffect(() => {
    form.setFieldsValue(ticketForm(settings.tickets, timeZone));
  }, [form, settings.tickets, timeZone]);

  return (
    <Card title="Tickets" role="region" aria-label="Tickets">
      <Form<TicketForm> form={form} name="tickets" layout="vertical" onFinish={submit} requiredMark={false} style={{ maxWidth: 720 }}>
        <Flex gap={16} wrap>
          <Form.Item name="adultPriceCents" label="Adult price" rules={required('adult price')}>
            <InputNumber prefix="$" min={0} step={0.01} precision={2} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="childPriceCents" label="Child price" rules={required('child price')}>
            <InputNumber prefix="$" min={0} step={0.01} precision={2} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="childMinAge" label="Youngest child age" rules={required('youngest child age')}>
            <InputNumber min={1} max={17} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="childMaxAge" label="Oldest child age" rules={required('oldest child age')}>
            <InputNumber min={1} max={17} precision={0} style={{ width: 160 }} />
          </Form.Item>
        </Flex>
        <Form.Item
          name="capacity"
          label="Capacity"
          rules={required('capacity')}
          extra={`${settings.ticketsSoldOrHeld} sold or held: the capacity cannot go below that.`}
        >
          <InputNumber min={0} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item name="saleOpensAt" label="Sale opens" extra={`Empty: on sale now. Times in ${timeZone}.`}>
            <DatePicker showTime={{ format: 'HH:mm' }} format={SALE_TIME_FORMAT} needConfirm={false} allowClear style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="saleClosesAt" label="Sale closes" extra="Empty: until the tickets run out.">
            <DatePicker showTime={{ format: 'HH:mm' }} format={SALE_TIME_FORMAT} needConfirm={false} allowClear style={{ width: 220 }} />
          </Form.Item>
        </Flex>
        <Form.Item label="Group discounts" extra="An order of at least this many tickets (children count) takes this much off.">
          <Form.List name="groupDiscountTiers">
            {(tiers, { add, remove }) => (
              <Flex vertical gap={8}>
                {tiers.map((tier, index) => (
                  <Space key={tier.key} align="start" wrap>
                    <Form.Item name={[tier.name, 'minTickets']} rules={required('number of tickets')} noStyle={false}>
                      <InputNumber
                        aria-label={`Tier ${index + 1} tickets`}
                        min={2}
                        precision={0}
                        suffix="tickets or more"
                        style={{ width: 200 }}
                      />
                    </Form.Item>
                    <Form.Item name={[tier.name, 'percent']} rules={required('percent off')}>
                      <InputNumber
                        aria-label={`Tier ${index + 1} percent off`}
                        min={1}
                        max={100}
                        precision={0}
                        suffix="% off"
                        style={{ width: 130 }}
                      />
                    </Form.Item>
                    <Button onClick={() => remove(tier.name)}>Remove</Button>
                  </Space>
                ))}
                <div>
                  <Button onClick={() => add({ minTickets: undefined, percent: undefined })}>Add group discount</Button>
                </div>
              </Flex>
            )}
          </Form.List>
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item name="taxRateBasisPoints" label="Tax rate" rules={required('tax rate')}>
            <InputNumber min={0} max={100} step={0.01} precision={2} suffix="%" style={{ width: 160 }} />
          </Form.Item>
          <Form.Item
            name="holdSeconds"
            label="Hold time"
            rules={required('hold time')}
            extra="How long tickets wait for a buyer's payment."
          >
            <InputNumber min={0.1} step={1} suffix="minutes" style={{ width: 180 }} />
          </Form.Item>
          <Form.Item
            name="waitlistOfferHours"
            label="Waitlist offer hours"
            rules={required('waitlist offer hours')}
            extra="How long tickets that came back stay held for the guest on the waitlist they were offered to."
          >
            <InputNumber min={0.01} max={168} step={1} precision={2} suffix="hours" style={{ width: 180 }} />
          </Form.Item>
        </Flex>
        <Button type="primary" htmlType="submit" size="large" loading={save.isPending}>
          Save
        </Button>
      </Form>
    </Card>
  );
}
