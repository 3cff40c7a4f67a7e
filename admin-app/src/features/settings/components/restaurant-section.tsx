import { Button, Card, Flex, Form, Input, InputNumber, Space } from 'antd';
import { useEffect } from 'react';
import { restaurantSettingsSchema, type RestaurantSettings } from '@festival/contracts';
import { useSaveRestaurant } from '../api/settings';
import { useSectionSave } from '../lib/use-section-save';

/** `Restaurant`: what every page says about the restaurant itself. */
export function RestaurantSection({ restaurant }: { restaurant: RestaurantSettings }) {
  const [form] = Form.useForm<RestaurantSettings>();
  const save = useSaveRestaurant();
  const submit = useSectionSave({ form, schema: restaurantSettingsSchema, toSection: (values: RestaurantSettings) => values, save });

  useEffect(() => {
    form.setFieldsValue(restaurant);
  }, [form, restaurant]);

  return (
    <Card title="Restaurant" role="region" aria-label="Restaurant">
      <Form<RestaurantSettings>
        form={form}
        name="restaurant"
        layout="vertical"
        onFinish={submit}
        requiredMark={false}
        style={{ maxWidth: 720 }}
      >
        <Flex gap={16} wrap>
          <Form.Item name="name" label="Name" style={{ flex: '1 1 240px' }}>
            <Input maxLength={80} />
          </Form.Item>
          <Form.Item name="tagline" label="Tagline" style={{ flex: '1 1 240px' }}>
            <Input maxLength={120} />
          </Form.Item>
          <Form.Item name="since" label="Founding year">
            <InputNumber min={1800} max={2100} precision={0} style={{ width: 140 }} />
          </Form.Item>
        </Flex>
        <Form.Item name={['address', 'street']} label="Street">
          <Input maxLength={120} />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item name={['address', 'city']} label="City" style={{ flex: '1 1 200px' }}>
            <Input maxLength={80} />
          </Form.Item>
          <Form.Item name={['address', 'region']} label="State">
            <Input maxLength={40} style={{ width: 100 }} />
          </Form.Item>
          <Form.Item name={['address', 'postalCode']} label="ZIP code">
            <Input maxLength={20} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name={['address', 'country']} label="Country">
            <Input maxLength={2} style={{ width: 80 }} />
          </Form.Item>
        </Flex>
        <Flex gap={16} wrap>
          <Form.Item name="phone" label="Phone" style={{ flex: '1 1 200px' }}>
            <Input type="tel" maxLength={30} />
          </Form.Item>
          <Form.Item name="email" label="E-mail" style={{ flex: '1 1 260px' }}>
            <Input type="email" maxLength={120} />
          </Form.Item>
        </Flex>
        <Form.Item label="Opening hours">
          <Form.List name="openingHours">
            {(lines, { add, remove }) => (
              <Flex vertical gap={8}>
                {lines.map((line, index) => (
                  <Space key={line.key} align="start" wrap>
                    <Form.Item name={[line.name, 'days']}>
                      <Input aria-label={`Opening hours ${index + 1} days`} placeholder="Monday-Friday" maxLength={40} />
                    </Form.Item>
                    <Form.Item name={[line.name, 'hours']}>
                      <Input aria-label={`Opening hours ${index + 1} hours`} placeholder="11 AM - 10 PM" maxLength={40} />
                    </Form.Item>
                    <Button onClick={() => remove(line.name)}>Remove</Button>
                  </Space>
                ))}
                <div>
                  <Button onClick={() => add({ days: '', hours: '' })}>Add opening hours</Button>
                </div>
              </Flex>
            )}
          </Form.List>
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" loading={save.isPending}>
          Save
        </Button>
      </Form>
    </Card>
  );
}
