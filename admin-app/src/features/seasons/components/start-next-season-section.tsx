import { Button, Card, DatePicker, Flex, Form, Input, Modal, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { startEventRequestSchema, type FestivalEvent } from '@festival/contracts';
import { showSaveError, zodFieldErrors, type FieldErrors } from '../../../shared/lib/field-errors';
import { useToast } from '../../../shared/toast/use-toast';
import { useEvents, useStartNextEvent } from '../api/events';

interface StartForm {
  name: string;
  date: Dayjs | null;
}

const columns = [
  { title: 'Event', dataIndex: 'name', key: 'name' },
  { title: 'Date', dataIndex: 'date', key: 'date' },
  {
    title: 'Status',
    dataIndex: 'status',
    key: 'status',
    render: (status: FestivalEvent['status']) => (status === 'on-sale' ? <Tag color="green">On sale</Tag> : <Tag>Past</Tag>),
  },
];

/**
 * `Seasons`: every event, and `Start next event`, which puts a new one on sale with this one's
 * settings (docs/settings.md). The current event then becomes past: read-only, its figures kept.
 */
export function StartNextEventSection({ currentTitle }: { currentTitle: string }) {
  const [form] = Form.useForm<StartForm>();
  const events = useEvents();
  const start = useStartNextEvent();
  const toast = useToast();
  const current = events.data?.events.find((e) => e.status === 'on-sale');
  const showErrors = (errors: FieldErrors[]) => form.setFields(errors as Parameters<typeof form.setFields>[0]);

  function submit(values: StartForm) {
    const parsed = startEventRequestSchema.safeParse({ name: values.name ?? '', date: values.date?.format('YYYY-MM-DD') ?? '' });
    if (!parsed.success) {
      showErrors(zodFieldErrors(parsed.error));
      return;
    }
    Modal.confirm({
      title: `Start ${parsed.data.name} on ${parsed.data.date}?`,
      content: `${current?.name ?? 'The current event'} becomes a past event: its orders, tickets and figures stay viewable, read-only. The new event goes on sale with the same settings and no sale window.`,
      okText: 'Start next event',
      cancelText: 'Cancel',
      // The dialog waits on the call itself (not on callbacks tied to this component's life).
      onOk: async () => {
        try {
          await start.mutateAsync(parsed.data);
          toast.success('Next event started');
          form.resetFields();
        } catch (error) {
          showSaveError(error, showErrors, toast);
        }
      },
    });
  }

  return (
    <Card title="Seasons" role="region" aria-label="Seasons">
      <Flex vertical gap={16}>
        <Table<FestivalEvent>
          rowKey="id"
          size="small"
          pagination={false}
          loading={events.isPending}
          dataSource={events.data?.events}
          columns={columns}
          aria-label="Events"
        />
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          When this party is over, start the next one: it keeps this event&rsquo;s prices, capacity, venue and menu, with 0 tickets sold.
        </Typography.Paragraph>
        <Form<StartForm> form={form} name="start-next-event" layout="inline" onFinish={submit} requiredMark={false}>
          <Form.Item name="name" label="Next event title" initialValue={currentTitle}>
            <Input maxLength={80} style={{ width: 260 }} />
          </Form.Item>
          <Form.Item name="date" label="Next event date">
            <DatePicker format="YYYY-MM-DD" needConfirm={false} style={{ width: 160 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={start.isPending}>
            Start next event
          </Button>
        </Form>
      </Flex>
    </Card>
  );
}
