import { Alert, Button, Flex, Form, Input, InputNumber, Modal } from 'antd';
import { useState } from 'react';
import type { AddGuestsRequest } from '@festival/contracts';
import { errorMessage } from '#shared/api/error-message.ts';
import { plural } from '#shared/lib/format.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { useAddGuests } from '../api/add-guests';
import { newRefundKey } from '../lib/order-details';

type AddGuestsValues = Omit<AddGuestsRequest, 'requestId'>;

/**
 * `Add guests`: complimentary tickets from the manager (docs/door.md): no payment, a $0 order
 * counted against capacity, the guest e-mailed the ticket. One request id per opened form, so
 * a double click (or a retry after a lost answer) adds the guests once.
 */
export function AddGuestsButton({ onAdded }: { onAdded?: (orderId: string) => void }) {
  const [open, setOpen] = useState(false);
  const [requestId, setRequestId] = useState(newRefundKey);
  const [problem, setProblem] = useState<string | null>(null);
  const [form] = Form.useForm<AddGuestsValues>();
  const add = useAddGuests();
  const toast = useToast();

  const close = () => {
    setOpen(false);
    setProblem(null);
    form.resetFields();
  };
  const save = (values: AddGuestsValues) => {
    if (add.isPending) return;
    const body: AddGuestsRequest = {
      ...values,
      customerPhone: values.customerPhone?.trim() ? values.customerPhone : undefined,
      adults: values.adults ?? 0,
      children: values.children ?? 0,
      requestId,
    };
    add.mutateAsync(body).then(
      (details) => {
        toast.success(
          'Guests added',
          `${plural(details.adultTickets + details.childTickets, 'ticket')} e-mailed to ${details.customerEmail}`,
        );
        setRequestId(newRefundKey());
        close();
        onAdded?.(details.id);
      },
      (error: unknown) => setProblem(errorMessage(error, 'The guests were not added. Try again in a moment.')),
    );
  };

  return (
    <>
      <Button onClick={() => setOpen(true)}>Add guests</Button>
      <Modal title="Add guests" open={open} onCancel={close} footer={null} destroyOnHidden>
        <Form<AddGuestsValues>
          form={form}
          layout="vertical"
          aria-label="Add guests"
          initialValues={{ adults: 1, children: 0 }}
          onFinish={save}
          onValuesChange={() => {
            // A changed form is a new request: the last one's answer no longer stands for it.
            setRequestId(newRefundKey());
            setProblem(null);
          }}
        >
          <Form.Item label="Name" name="customerName" rules={[{ required: true, whitespace: true, message: 'Name is required' }]}>
            <Input maxLength={160} />
          </Form.Item>
          <Form.Item label="E-mail" name="customerEmail" rules={[{ required: true, type: 'email', message: 'Invalid email address' }]}>
            <Input maxLength={254} />
          </Form.Item>
          <Form.Item label="Phone (optional)" name="customerPhone">
            <Input maxLength={30} />
          </Form.Item>
          <Flex gap={16}>
            <Form.Item label="Adults" name="adults">
              <InputNumber min={0} max={50} precision={0} />
            </Form.Item>
            <Form.Item label="Children" name="children">
              <InputNumber min={0} max={50} precision={0} />
            </Form.Item>
          </Flex>
          <Form.Item label="Reason" name="reason" rules={[{ required: true, whitespace: true, message: 'A reason is required' }]}>
            <Input maxLength={200} placeholder="Family of the chef, press, a raffle prize…" />
          </Form.Item>
          {problem ? <Alert style={{ marginBottom: 12 }} type="error" showIcon title={problem} /> : null}
          <Flex gap={8}>
            <Button type="primary" htmlType="submit" loading={add.isPending}>
              Add guests and e-mail tickets
            </Button>
            <Button onClick={close}>Cancel</Button>
          </Flex>
        </Form>
      </Modal>
    </>
  );
}
