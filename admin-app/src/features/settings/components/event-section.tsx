import { Button, Card, DatePicker, Flex, Form, Input, Select, TimePicker } from 'antd';
import { useEffect, useMemo } from 'react';
import { eventSettingsSchema, type EventSettings } from '@festival/contracts';
import { useSaveEvent } from '../api/settings';
import { eventForm, eventSettingsOf, type EventForm } from '../lib/event-form';
import { useSectionSave } from '../lib/use-section-save';

/** Every time zone this browser knows, the party's first. */
function timeZones(current: string): { value: string; label: string }[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [current, ...zones.filter((zone) => zone !== current)].map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }));
}

/** `Event`: the party's title, when and where it is, and its line of description. */
export function EventSection({ event }: { event: EventSettings }) {
  const [form] = Form.useForm<EventForm>();
  const save = useSaveEvent();
  const zones = useMemo(() => timeZones(event.timeZone), [event.timeZone]);
  const submit = useSectionSave({ form, schema: eventSettingsSchema, toSection: eventSettingsOf, save });

  useEffect(() => {
    form.setFieldsValue(eventForm(event));
  }, [form, event]);

  return (
    <Card title="Event" role="region" aria-label="Event">
      <Form<EventForm> form={form} name="event" layout="vertical" onFinish={submit} requiredMark={false} style={{ maxWidth: 720 }}>
        <Form.Item name="name" label="Title">
          <Input maxLength={80} />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item name="date" label="Date" rules={[{ required: true, message: 'Enter the date' }]}>
            <DatePicker format="YYYY-MM-DD" needConfirm={false} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="startsAt" label="Starts" rules={[{ required: true, message: 'Enter the start time' }]}>
            <TimePicker format="h:mm A" use12Hours minuteStep={5} needConfirm={false} style={{ width: 130 }} />
          </Form.Item>
          <Form.Item
            name="endsAt"
            label="Ends"
            rules={[{ required: true, message: 'Enter the end time' }]}
            extra="Open drink tabs close by themselves then."
          >
            <TimePicker format="h:mm A" use12Hours minuteStep={5} needConfirm={false} style={{ width: 130 }} />
          </Form.Item>
          <Form.Item name="timeZone" label="Time zone" style={{ flex: '1 1 220px' }}>
            <Select showSearch options={zones} />
          </Form.Item>
        </Flex>
        <Flex gap={16} wrap>
          <Form.Item name={['venue', 'name']} label="Venue" style={{ flex: '2 1 260px' }}>
            <Input maxLength={120} />
          </Form.Item>
          <Form.Item name={['venue', 'shortName']} label="Venue short name" style={{ flex: '1 1 160px' }}>
            <Input maxLength={40} />
          </Form.Item>
        </Flex>
        <Form.Item name={['venue', 'address']} label="Venue address">
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="experience" label="Description" extra="One line under the date on the landing and party pages.">
          <Input maxLength={200} />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" loading={save.isPending}>
          Save
        </Button>
      </Form>
    </Card>
  );
}
