import { Button, Card, Form, InputNumber, Skeleton } from 'antd';
import { useEffect } from 'react';
import { guestDataSettingsSchema, type GuestDataSettings } from '@festival/contracts';
import { SectionError } from '#shared/components/section-error.tsx';
import { useGuestDataSettings, useSaveGuestDataSettings } from '../api/guest-data';
import { useSectionSave } from '../lib/use-section-save';

/**
 * `Guest data` (docs/settings.md, docs/privacy.md): `Keep guest data for`, in months, after which
 * the daily retention job anonymises the guests of ended seasons who did not agree to news.
 */
export function GuestDataSection() {
  const settings = useGuestDataSettings();
  return (
    <Card title="Guest data" role="region" aria-label="Guest data">
      {settings.error ? (
        <SectionError what="guest data settings" error={settings.error} onRetry={() => void settings.refetch()} />
      ) : settings.data ? (
        <GuestDataForm section={settings.data} />
      ) : (
        <Skeleton active paragraph={{ rows: 2 }} />
      )}
    </Card>
  );
}

function GuestDataForm({ section }: { section: GuestDataSettings }) {
  const [form] = Form.useForm<GuestDataSettings>();
  const save = useSaveGuestDataSettings();
  const submit = useSectionSave({ form, schema: guestDataSettingsSchema, toSection: (values: GuestDataSettings) => values, save });

  useEffect(() => {
    form.setFieldsValue(section);
  }, [form, section]);

  return (
    <Form<GuestDataSettings> form={form} name="guest-data" layout="vertical" onFinish={submit} requiredMark={false}>
      <Form.Item
        name="keepGuestDataMonths"
        label="Keep guest data for"
        extra="Months after their last order of an ended season. Then a guest is anonymised, unless they agreed to news."
      >
        <InputNumber step={1} suffix="months" style={{ width: 200 }} />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" loading={save.isPending}>
        Save
      </Button>
    </Form>
  );
}
