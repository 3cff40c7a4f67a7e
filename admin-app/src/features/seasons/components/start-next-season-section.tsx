import { Alert, Button, Card, DatePicker, Flex, Form, Input, Modal, Table, Tag, Typography } from 'antd';
import { useId, useState } from 'react';
import type { Dayjs } from 'dayjs';
import { startSeasonRequestSchema, type Season, type StartSeasonRequest } from '@festival/contracts';
import { errorMessage } from '#shared/api/error-message.ts';
import { fieldErrorsOf, zodFieldErrors, type FieldErrors } from '#shared/lib/field-errors.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { useSeasons, useStartNextSeason } from '../api/seasons';

interface StartForm {
  name: string;
  date: Dayjs | null;
}

type NextSeason = Omit<StartSeasonRequest, 'closingSeasonName'>;

/** The new event's title and date, checked as the API checks them, before the confirmation asks for the typed name. */
const nextSeasonSchema = startSeasonRequestSchema.omit({ closingSeasonName: true });

const columns = [
  { title: 'Event', dataIndex: 'name', key: 'name' },
  { title: 'Date', dataIndex: 'date', key: 'date' },
  {
    title: 'Status',
    dataIndex: 'status',
    key: 'status',
    render: (status: Season['status']) => (status === 'on-sale' ? <Tag color="green">On sale</Tag> : <Tag>Past</Tag>),
  },
];

/**
 * `Seasons`: every event, and `Start next event`, which puts a new one on sale with this one's
 * settings (docs/settings.md). The current event then becomes past: read-only, its figures kept.
 */
export function StartNextSeasonSection({ currentTitle }: { currentTitle: string }) {
  const [form] = Form.useForm<StartForm>();
  const events = useSeasons();
  const start = useStartNextSeason();
  const toast = useToast();
  const current = events.data?.events.find((e) => e.status === 'on-sale');
  const [next, setNext] = useState<NextSeason | null>(null);
  const showErrors = (errors: FieldErrors[]) => form.setFields(errors as Parameters<typeof form.setFields>[0]);

  function submit(values: StartForm) {
    const parsed = nextSeasonSchema.safeParse({ name: values.name ?? '', date: values.date?.format('YYYY-MM-DD') ?? '' });
    if (!parsed.success) {
      showErrors(zodFieldErrors(parsed.error));
      return;
    }
    setNext(parsed.data);
  }

  /**
   * Starts it; a refusal (the party is not over yet, the name differs) stays in the dialog, and
   * a bad title or date shows beside its field too. Answers the refusal, or null once started.
   */
  async function confirm(request: StartSeasonRequest): Promise<string | null> {
    try {
      await start.mutateAsync(request);
    } catch (error) {
      const message = errorMessage(error, 'The next event could not be started. Please try again.');
      showErrors(fieldErrorsOf(message).fields.filter((field) => field.name[0] === 'name' || field.name[0] === 'date'));
      return message;
    }
    toast.success('Next event started');
    form.resetFields();
    setNext(null);
    return null;
  }

  return (
    <Card title="Seasons" role="region" aria-label="Seasons">
      <Flex vertical gap={16}>
        <Table<Season>
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
      {next && (
        <StartNextEventDialog
          next={next}
          closing={current?.name ?? currentTitle}
          starting={start.isPending}
          onConfirm={confirm}
          onCancel={() => setNext(null)}
        />
      )}
    </Card>
  );
}

/**
 * The confirmation: the event on sale ends for good (its tickets stop opening the door), so the
 * manager types its name, exactly, before `Start next event` is enabled. The API's refusal
 * (its party has not ended yet, or the name differs) is shown here.
 */
function StartNextEventDialog({
  next,
  closing,
  starting,
  onConfirm,
  onCancel,
}: {
  next: NextSeason;
  closing: string;
  starting: boolean;
  onConfirm: (request: StartSeasonRequest) => Promise<string | null>;
  onCancel: () => void;
}) {
  const [typed, setTyped] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const inputId = useId();
  return (
    <Modal
      open
      title={`Start ${next.name} on ${next.date}?`}
      okText="Start next event"
      cancelText="Cancel"
      okButtonProps={{ danger: true, disabled: typed !== closing }}
      confirmLoading={starting}
      onOk={async () => setRefusal(await onConfirm({ ...next, closingSeasonName: typed }))}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Typography.Paragraph style={{ margin: 0 }}>
          {closing} becomes a past event: its orders, tickets and figures stay viewable, read-only, and its tickets no longer open the door.
          The new event goes on sale with the same settings and no sale window. This cannot be undone.
        </Typography.Paragraph>
        <label htmlFor={inputId}>
          Type <strong>{closing}</strong> to end it
        </label>
        <Input id={inputId} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" maxLength={80} />
        {refusal && <Alert type="error" showIcon title={refusal} />}
      </Flex>
    </Modal>
  );
}
