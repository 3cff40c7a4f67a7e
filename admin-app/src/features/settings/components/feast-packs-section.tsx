import { Button, Card, Flex, Form, Input, InputNumber, Skeleton, Space, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { feastPacksUpdateSchema, MAX_FEAST_PACKS, MAX_PICKUP_SLOTS, type FeastPacksSettings } from '@festival/contracts';
import { errorMessage } from '#shared/api/error-message.ts';
import { SectionError } from '#shared/components/section-error.tsx';
import { fieldErrorsOf, zodFieldErrors, type FieldErrors } from '#shared/lib/field-errors.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { useFeastPacks, useSaveFeastPacks } from '../api/feast-packs';
import { feastPacksForm, feastPacksUpdateOf, NEW_PACK, NEW_SLOT, type FeastPacksForm } from '../lib/feast-packs-form';

const required = (what: string) => [{ required: true, whitespace: true, message: `Enter the ${what}` }];

/**
 * `Feast packs`: whether pre-orders are open, the packs (in the guests' order) and the pickup
 * times with what each sold. `Save feast packs` sends the whole section: a pack or pickup time
 * taken out of the list is removed (a pickup time with orders cannot be).
 */
export function FeastPacksSection() {
  const settings = useFeastPacks();
  return (
    <Card title="Feast packs" role="region" aria-label="Feast packs">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          Guests pre-order feast packs on the feast page and pick them up at the time they chose. Each pickup time holds its capacity in
          packs; paid packs and those in a checkout count as sold.
        </Typography.Text>
        {settings.error ? (
          <SectionError what="feast packs" error={settings.error} onRetry={() => void settings.refetch()} />
        ) : settings.data ? (
          <FeastPacksEditor settings={settings.data} />
        ) : (
          <Skeleton active paragraph={{ rows: 6 }} />
        )}
      </Flex>
    </Card>
  );
}

function FeastPacksEditor({ settings }: { settings: FeastPacksSettings }) {
  const [form] = Form.useForm<FeastPacksForm>();
  const save = useSaveFeastPacks();
  const toast = useToast();
  const soldById = new Map(settings.slots.map((slot) => [slot.id, slot.sold]));
  // A pickup time's id has no field of its own (read from the form's store); what it sold is the server's.
  const soldAt = (index: number): number => {
    const id = form.getFieldValue(['slots', index, 'id']) as string | undefined;
    return (id && soldById.get(id)) || 0;
  };

  useEffect(() => {
    form.setFieldsValue(feastPacksForm(settings));
  }, [form, settings]);

  const showErrors = (errors: FieldErrors[]) => form.setFields(errors as Parameters<typeof form.setFields>[0]);

  function submit() {
    const parsed = feastPacksUpdateSchema.safeParse(feastPacksUpdateOf(form.getFieldsValue(true) as FeastPacksForm));
    if (!parsed.success) {
      showErrors(zodFieldErrors(parsed.error));
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: () => toast.success('Feast packs saved'),
      onError: (error) => {
        const message = errorMessage(error, 'The feast packs could not be saved. Please try again.');
        const { fields, rest } = fieldErrorsOf(message);
        showErrors(fields);
        if (fields.length === 0 || rest.length > 0) toast.error('Feast packs not saved', rest.join('; ') || message);
      },
    });
  }

  const initial = feastPacksForm(settings);
  return (
    <Form<FeastPacksForm> form={form} name="feast-packs" layout="vertical" onFinish={submit} requiredMark={false} initialValues={initial}>
      <Form.Item
        name="open"
        label="Pre-orders open"
        valuePropName="checked"
        extra="Closed, the feast page shows no packs and takes no pre-orders."
      >
        <Switch />
      </Form.Item>

      <Typography.Title level={3} style={{ fontSize: 16 }}>
        Packs
      </Typography.Title>
      <Form.List name="packs">
        {(fields, { add, remove, move }, { errors }) => (
          <Flex vertical gap={12} style={{ marginBottom: 24 }}>
            {fields.length === 0 ? <Typography.Text type="secondary">No packs yet.</Typography.Text> : null}
            {fields.map((field, index) => {
              const number = index + 1;
              return (
                <section
                  key={field.key}
                  aria-label={`Pack ${number}`}
                  style={{ border: '1px solid rgba(0, 0, 0, 0.12)', borderRadius: 8, padding: '12px 12px 0' }}
                >
                  <Flex gap={16} wrap>
                    <Form.Item name={[field.name, 'name']} label="Name" rules={required('pack name')} style={{ flex: '1 1 240px' }}>
                      <Input aria-label={`Pack ${number} name`} maxLength={80} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'price']} label="Price" rules={[{ required: true, message: 'Enter the price' }]}>
                      <InputNumber
                        aria-label={`Pack ${number} price`}
                        prefix="$"
                        min={0.01}
                        step={0.01}
                        precision={2}
                        style={{ width: 140 }}
                      />
                    </Form.Item>
                  </Flex>
                  <Form.Item name={[field.name, 'description']} label="Description">
                    <Input.TextArea aria-label={`Pack ${number} description`} maxLength={500} rows={2} />
                  </Form.Item>
                  <Flex gap={16} wrap align="center" justify="space-between" style={{ marginBottom: 12 }}>
                    <Space size={16} wrap>
                      <Form.Item name={[field.name, 'vegetarian']} valuePropName="checked" noStyle>
                        <Switch aria-label={`Pack ${number} vegetarian`} checkedChildren="Vegetarian" unCheckedChildren="Vegetarian" />
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'hidden']}
                        valuePropName="checked"
                        getValueProps={(hidden: boolean) => ({ checked: !hidden })}
                        normalize={(shown: boolean) => !shown}
                        noStyle
                      >
                        <Switch aria-label={`Pack ${number} shown`} checkedChildren="Shown" unCheckedChildren="Hidden" />
                      </Form.Item>
                    </Space>
                    <Space size={4} wrap>
                      <Button
                        size="small"
                        aria-label={`Move pack ${number} up`}
                        disabled={index === 0}
                        onClick={() => move(index, index - 1)}
                      >
                        ↑ Move up
                      </Button>
                      <Button
                        size="small"
                        aria-label={`Move pack ${number} down`}
                        disabled={index === fields.length - 1}
                        onClick={() => move(index, index + 1)}
                      >
                        ↓ Move down
                      </Button>
                      <Button size="small" danger aria-label={`Remove pack ${number}`} onClick={() => remove(field.name)}>
                        Remove
                      </Button>
                    </Space>
                  </Flex>
                </section>
              );
            })}
            <Form.ErrorList errors={errors} />
            <div>
              <Button onClick={() => add({ ...NEW_PACK })} disabled={fields.length >= MAX_FEAST_PACKS}>
                Add pack
              </Button>
            </div>
          </Flex>
        )}
      </Form.List>

      <Typography.Title level={3} style={{ fontSize: 16 }}>
        Pickup times
      </Typography.Title>
      <Form.List name="slots">
        {(fields, { add, remove }, { errors }) => (
          <Flex vertical gap={8} style={{ marginBottom: 24 }}>
            {fields.length === 0 ? <Typography.Text type="secondary">No pickup times yet.</Typography.Text> : null}
            {fields.map((field, index) => {
              const number = index + 1;
              const sold = soldAt(field.name);
              return (
                <Space key={field.key} align="start" wrap role="group" aria-label={`Pickup time ${number}`}>
                  <Form.Item name={[field.name, 'date']} label={index === 0 ? 'Date' : undefined} rules={required('date')}>
                    <Input type="date" aria-label={`Pickup time ${number} date`} style={{ width: 170 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'time']} label={index === 0 ? 'Time' : undefined} rules={required('time')}>
                    <Input type="time" aria-label={`Pickup time ${number} time`} style={{ width: 130 }} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'capacity']}
                    label={index === 0 ? 'Capacity' : undefined}
                    rules={[
                      { required: true, message: 'Enter the capacity' },
                      {
                        validator: (_, capacity: unknown) =>
                          typeof capacity === 'number' && capacity < sold
                            ? Promise.reject(new Error(`${sold} packs are sold: the capacity cannot go below that`))
                            : Promise.resolve(),
                      },
                    ]}
                  >
                    <InputNumber
                      aria-label={`Pickup time ${number} capacity`}
                      min={1}
                      precision={0}
                      suffix="packs"
                      style={{ width: 140 }}
                    />
                  </Form.Item>
                  <Form.Item label={index === 0 ? 'Sold' : undefined}>
                    <Typography.Text
                      aria-label={`Pickup time ${number} sold`}
                      style={{ display: 'inline-block', minWidth: 56, lineHeight: '32px' }}
                    >
                      {sold} sold
                    </Typography.Text>
                  </Form.Item>
                  <Form.Item label={index === 0 ? ' ' : undefined}>
                    <Button
                      aria-label={`Remove pickup time ${number}`}
                      title={sold > 0 ? 'Orders are booked for this pickup time' : undefined}
                      disabled={sold > 0}
                      onClick={() => remove(field.name)}
                    >
                      Remove
                    </Button>
                  </Form.Item>
                </Space>
              );
            })}
            <Form.ErrorList errors={errors} />
            <div>
              <Button onClick={() => add({ ...NEW_SLOT })} disabled={fields.length >= MAX_PICKUP_SLOTS}>
                Add pickup time
              </Button>
            </div>
          </Flex>
        )}
      </Form.List>

      <Button type="primary" htmlType="submit" size="large" loading={save.isPending}>
        Save feast packs
      </Button>
    </Form>
  );
}
