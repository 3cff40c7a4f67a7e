import { Alert, Button, Flex, Form, Input, InputNumber, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import type { EditGuestRequest, PartyOrderDetails } from '@festival/contracts';
import { errorMessage } from '#shared/api/error-message.ts';
import { formatMoney } from '#shared/lib/format.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { useCancelOrder, useEditGuest, useRefundOrder, useResendConfirmation } from '../api/party-order-details';
import { newRefundKey, refundItemsOf, refundPreviewCents, type RefundItems } from '../lib/order-details';

/** The manager's actions on a party order, as its state allows them. */
export function OrderActions({ order }: { order: PartyOrderDetails }) {
  return (
    <Flex vertical gap={12}>
      {order.status === 'paid' && order.paymentMethod === 'card' && validTickets(order) > 0 ? <RefundForm order={order} /> : null}
      {order.status === 'pending' ? <CancelOrderButton order={order} /> : null}
      {order.comp && order.status === 'paid' && order.admitted === 0 ? <TakeBackCompButton order={order} /> : null}
      {order.status === 'paid' ? <ResendConfirmationForm order={order} /> : null}
      <EditGuestForm order={order} />
    </Flex>
  );
}

/** Tickets of the order still valid: adults, children and the tickets of its other types. */
const validTickets = (order: PartyOrderDetails): number =>
  order.validAdults + order.validChildren + order.lines.reduce((sum, line) => sum + line.valid, 0);

/**
 * `Refund`: how many adult and child tickets and how many of each other type, the amount they
 * return, and one idempotency key per choice, so a second click (or a retry) of the same refund
 * refunds once.
 */
function RefundForm({ order }: { order: PartyOrderDetails }) {
  const [adults, setAdults] = useState(0);
  const [children, setChildren] = useState(0);
  const [items, setItems] = useState<RefundItems>({});
  const [key, setKey] = useState(newRefundKey);
  const [refusal, setRefusal] = useState<string | null>(null);
  const refund = useRefundOrder(order.id);
  const toast = useToast();
  const chosenItems = refundItemsOf(order, items);
  const count = adults + children + chosenItems.reduce((sum, item) => sum + item.quantity, 0);
  const choose = (set: (n: number) => void) => (value: number | null) => {
    set(value ?? 0);
    setKey(newRefundKey());
    setRefusal(null);
  };
  const chooseItem = (typeId: number) => choose((n) => setItems((chosen) => ({ ...chosen, [typeId]: n })));
  const submit = () => {
    if (count === 0 || refund.isPending) return;
    const amount = refundPreviewCents(order, adults, children, items);
    refund.mutateAsync({ adults, children, ...(chosenItems.length > 0 ? { items: chosenItems } : {}), idempotencyKey: key }).then(
      () => {
        toast.success('Refunded', `${formatMoney(amount)} refunded to the buyer's card`);
        setAdults(0);
        setChildren(0);
        setItems({});
        setKey(newRefundKey());
      },
      (error: unknown) => setRefusal(errorMessage(error, 'The refund could not be made. Try again in a moment.')),
    );
  };
  return (
    <section aria-label="Refund">
      <Flex gap={12} wrap align="end">
        <label>
          <div>Adults to refund</div>
          <InputNumber
            aria-label="Adults to refund"
            min={0}
            max={order.validAdults}
            precision={0}
            value={adults}
            onChange={choose(setAdults)}
          />
        </label>
        <label>
          <div>Children to refund</div>
          <InputNumber
            aria-label="Children to refund"
            min={0}
            max={order.validChildren}
            precision={0}
            value={children}
            onChange={choose(setChildren)}
          />
        </label>
        {order.lines
          .filter((line) => line.valid > 0)
          .map((line) => (
            <label key={line.typeId}>
              <div>{`${line.name} to refund`}</div>
              <InputNumber
                aria-label={`${line.name} to refund`}
                min={0}
                max={line.valid}
                precision={0}
                value={items[line.typeId] ?? 0}
                onChange={chooseItem(line.typeId)}
              />
            </label>
          ))}
        <Button danger type="primary" disabled={count === 0} loading={refund.isPending} onClick={submit}>
          Refund
        </Button>
        {count > 0 ? (
          <Typography.Text>Refund amount: {formatMoney(refundPreviewCents(order, adults, children, items))}</Typography.Text>
        ) : null}
      </Flex>
      {refusal ? <Alert style={{ marginTop: 8 }} type="error" showIcon title={refusal} /> : null}
    </section>
  );
}

function CancelOrderButton({ order }: { order: PartyOrderDetails }) {
  const cancel = useCancelOrder(order.id);
  const toast = useToast();
  return (
    <Popconfirm
      title="Cancel this unpaid order?"
      description="Its tickets go back on sale now."
      okText="Cancel order"
      cancelText="Keep"
      onConfirm={() =>
        cancel.mutateAsync(undefined).then(
          () => toast.success('Order cancelled', 'Its tickets are back on sale.'),
          (error: unknown) => toast.error('The order was not cancelled', errorMessage(error, 'Try again in a moment.')),
        )
      }
    >
      <Button loading={cancel.isPending}>Cancel order</Button>
    </Popconfirm>
  );
}

/** `Take back comp`: a comp whose guests have not arrived, its tickets back on sale and its code refused at the door. */
function TakeBackCompButton({ order }: { order: PartyOrderDetails }) {
  const cancel = useCancelOrder(order.id);
  const toast = useToast();
  return (
    <Popconfirm
      title="Take back these complimentary tickets?"
      description="Their tickets go back on sale now, and the e-mailed code no longer admits anyone."
      okText="Take back comp"
      cancelText="Keep"
      onConfirm={() =>
        cancel.mutateAsync(undefined).then(
          () => toast.success('Comp taken back', 'Its tickets are back on sale.'),
          (error: unknown) => toast.error('The comp was not taken back', errorMessage(error, 'Try again in a moment.')),
        )
      }
    >
      <Button loading={cancel.isPending}>Take back comp</Button>
    </Popconfirm>
  );
}

function ResendConfirmationForm({ order }: { order: PartyOrderDetails }) {
  const [email, setEmail] = useState(order.customerEmail);
  const resend = useResendConfirmation(order.id);
  const toast = useToast();
  const send = () =>
    resend.mutateAsync(email.trim() && email.trim() !== order.customerEmail ? email.trim() : undefined).then(
      (sent) => toast.success('Confirmation e-mailed again', `Sent to ${sent.sentTo}`),
      (error: unknown) => toast.error('The confirmation was not sent', errorMessage(error, 'Try again in a moment.')),
    );
  return (
    <Flex gap={8} wrap align="center">
      <Input
        aria-label="Send the confirmation to"
        type="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        style={{ flex: '1 1 220px', maxWidth: 320 }}
      />
      <Button loading={resend.isPending} onClick={() => void send()}>
        Resend confirmation
      </Button>
    </Flex>
  );
}

function EditGuestForm({ order }: { order: PartyOrderDetails }) {
  const [editing, setEditing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const edit = useEditGuest(order.id);
  const toast = useToast();
  if (!editing) {
    return (
      <div>
        <Button onClick={() => setEditing(true)}>Edit guest details</Button>
      </div>
    );
  }
  const save = (values: EditGuestRequest) =>
    edit.mutateAsync(values).then(
      () => {
        toast.success('Guest details saved', values.customerName);
        setProblem(null);
        setEditing(false);
      },
      (error: unknown) => setProblem(errorMessage(error, 'The details were not saved. Try again in a moment.')),
    );
  return (
    <Form<EditGuestRequest>
      layout="vertical"
      aria-label="Edit guest details"
      initialValues={{ customerName: order.customerName, customerEmail: order.customerEmail, customerPhone: order.customerPhone }}
      onFinish={(values) => void save(values)}
    >
      <Form.Item label="Name" name="customerName" rules={[{ required: true, whitespace: true, message: 'Name is required' }]}>
        <Input maxLength={160} />
      </Form.Item>
      <Form.Item label="E-mail" name="customerEmail" rules={[{ required: true, type: 'email', message: 'Invalid email address' }]}>
        <Input maxLength={254} />
      </Form.Item>
      <Form.Item
        label="Phone"
        name="customerPhone"
        rules={[{ required: true, min: 10, message: 'Phone number must be at least 10 digits' }]}
      >
        <Input maxLength={30} />
      </Form.Item>
      {problem ? <Alert style={{ marginBottom: 12 }} type="error" showIcon title={problem} /> : null}
      <Flex gap={8}>
        <Button type="primary" htmlType="submit" loading={edit.isPending}>
          Save
        </Button>
        <Button onClick={() => setEditing(false)}>Cancel</Button>
      </Flex>
    </Form>
  );
}
