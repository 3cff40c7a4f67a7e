import { Button, Flex, Form, Input, InputNumber, Space, Switch, Typography, type FormListFieldData } from 'antd';
import { MAX_PRICE_STEPS, MAX_SEATS_PER_TICKET, type BuiltInTicketType } from '@festival/contracts';
import { NEW_PRICE_STEP } from '../lib/ticket-types-form';

const BUILT_IN_PRICE_HELP: Record<BuiltInTicketType, string> = {
  adult: 'Also the Tickets section’s adult price: saving here changes it there.',
  child: 'Also the Tickets section’s child price: saving here changes it there.',
};

/** Why a type cannot be removed, or null when it can. */
function removeRefusal(builtIn: BuiltInTicketType | null, taken: number): string | null {
  if (builtIn) return 'Built in: hide it instead of removing it';
  if (taken > 0) return 'Tickets are sold or held: hide it instead of removing it';
  return null;
}

/**
 * One ticket type of the `Ticket types` list (`Ticket type 3 name`, `Ticket type 3 price`…):
 * a built-in type's name and description are the Tickets section's ages (read-only here) and it
 * admits one person.
 */
export function TicketTypeFields({
  field,
  number,
  count,
  timeZone,
  builtIn,
  taken,
  onMove,
  onRemove,
}: {
  field: FormListFieldData;
  number: number;
  count: number;
  timeZone: string;
  builtIn: BuiltInTicketType | null;
  taken: number;
  /** To the place `to` (1-based). */
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const label = `Ticket type ${number}`;
  const refusal = removeRefusal(builtIn, taken);
  return (
    <section aria-label={label} style={{ border: '1px solid rgba(0, 0, 0, 0.12)', borderRadius: 8, padding: '12px 12px 0' }}>
      <Flex gap={16} wrap>
        <Form.Item
          name={[field.name, 'name']}
          label="Name"
          rules={builtIn ? [] : [{ required: true, whitespace: true, message: 'Enter the name' }]}
          extra={builtIn ? 'Set by the Tickets section’s ages.' : undefined}
          style={{ flex: '1 1 240px' }}
        >
          <Input aria-label={`${label} name`} maxLength={60} readOnly={builtIn !== null} variant={builtIn ? 'filled' : undefined} />
        </Form.Item>
        <Form.Item
          name={[field.name, 'price']}
          label="Price"
          rules={[{ required: true, message: 'Enter the price' }]}
          extra={builtIn ? BUILT_IN_PRICE_HELP[builtIn] : undefined}
          style={{ maxWidth: 260 }}
        >
          <InputNumber aria-label={`${label} price`} prefix="$" min={0} step={0.01} precision={2} style={{ width: 140 }} />
        </Form.Item>
      </Flex>
      <Form.Item name={[field.name, 'description']} label="Description">
        <Input.TextArea
          aria-label={`${label} description`}
          maxLength={200}
          rows={2}
          readOnly={builtIn !== null}
          variant={builtIn ? 'filled' : undefined}
        />
      </Form.Item>
      <Flex gap={16} wrap>
        <Form.Item
          name={[field.name, 'seats']}
          label="Seats per ticket"
          rules={[{ required: true, message: 'Enter the seats per ticket' }]}
          extra={builtIn ? 'Adult and child tickets admit one person each.' : '1 for a person; 8 for a table of 8.'}
          style={{ maxWidth: 240 }}
        >
          <InputNumber
            aria-label={`${label} seats per ticket`}
            min={1}
            max={MAX_SEATS_PER_TICKET}
            precision={0}
            disabled={builtIn !== null}
            style={{ width: 140 }}
          />
        </Form.Item>
        <Form.Item
          name={[field.name, 'capacity']}
          label="Capacity"
          extra="Empty: only the party’s capacity."
          style={{ maxWidth: 240 }}
          rules={[
            {
              validator: (_, capacity: unknown) =>
                typeof capacity === 'number' && capacity < taken
                  ? Promise.reject(new Error(`${taken} tickets are sold or held: the capacity cannot go below that`))
                  : Promise.resolve(),
            },
          ]}
        >
          <InputNumber aria-label={`${label} capacity`} min={0} precision={0} suffix="tickets" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item label="Sold or held">
          <Typography.Text aria-label={`${label} sold or held`} style={{ display: 'inline-block', lineHeight: '32px' }}>
            {taken} sold or held
          </Typography.Text>
        </Form.Item>
      </Flex>
      <Flex gap={16} wrap>
        <Form.Item name={[field.name, 'salesStart']} label="Sales start" extra={`Empty: with the party’s sale. Times in ${timeZone}.`}>
          <Input type="datetime-local" aria-label={`${label} sales start`} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name={[field.name, 'salesEnd']} label="Sales end" extra="Empty: until the party’s sale closes.">
          <Input type="datetime-local" aria-label={`${label} sales end`} style={{ width: 220 }} />
        </Form.Item>
      </Flex>
      <PriceSteps field={field} label={label} />
      <Flex gap={16} wrap align="center" justify="space-between" style={{ marginBottom: 12 }}>
        <Form.Item
          name={[field.name, 'hidden']}
          valuePropName="checked"
          getValueProps={(hidden: boolean) => ({ checked: !hidden })}
          normalize={(shown: boolean) => !shown}
          noStyle
        >
          <Switch aria-label={`${label} shown`} checkedChildren="Shown" unCheckedChildren="Hidden" />
        </Form.Item>
        <Space size={4} wrap>
          <Button size="small" aria-label={`Move ticket type ${number} up`} disabled={number === 1} onClick={() => onMove(number - 1)}>
            ↑ Move up
          </Button>
          <Button
            size="small"
            aria-label={`Move ticket type ${number} down`}
            disabled={number === count}
            onClick={() => onMove(number + 1)}
          >
            ↓ Move down
          </Button>
          <Button
            size="small"
            danger
            aria-label={`Remove ticket type ${number}`}
            title={refusal ?? undefined}
            disabled={refusal !== null}
            onClick={onRemove}
          >
            Remove
          </Button>
          {refusal ? <Typography.Text type="secondary">{refusal}</Typography.Text> : null}
        </Space>
      </Flex>
    </section>
  );
}

/** The type's early-bird prices: each applies until its date and time, the type's price after the last. */
function PriceSteps({ field, label }: { field: FormListFieldData; label: string }) {
  return (
    <Form.Item label="Early-bird prices" extra="Each price applies until its date and time, one after the other; then the price above.">
      <Form.List name={[field.name, 'priceSteps']}>
        {(steps, { add, remove }) => (
          <Flex vertical gap={8}>
            {steps.map((step, index) => {
              const stepLabel = `${label} early-bird ${index + 1}`;
              return (
                <Space key={step.key} align="start" wrap role="group" aria-label={stepLabel}>
                  <Form.Item name={[step.name, 'price']} rules={[{ required: true, message: 'Enter the price' }]}>
                    <InputNumber aria-label={`${stepLabel} price`} prefix="$" min={0} step={0.01} precision={2} style={{ width: 140 }} />
                  </Form.Item>
                  <Typography.Text style={{ display: 'inline-block', lineHeight: '32px' }}>until</Typography.Text>
                  <Form.Item name={[step.name, 'until']} rules={[{ required: true, message: 'Enter until when' }]}>
                    <Input type="datetime-local" aria-label={`${stepLabel} until`} style={{ width: 220 }} />
                  </Form.Item>
                  <Button aria-label={`Remove ${stepLabel}`} onClick={() => remove(step.name)}>
                    Remove
                  </Button>
                </Space>
              );
            })}
            <div>
              <Button
                aria-label={`Add early-bird price to ${label.toLowerCase()}`}
                onClick={() => add({ ...NEW_PRICE_STEP })}
                disabled={steps.length >= MAX_PRICE_STEPS}
                title={steps.length >= MAX_PRICE_STEPS ? `At most ${MAX_PRICE_STEPS} early-bird prices` : undefined}
              >
                Add early-bird price
              </Button>
            </div>
          </Flex>
        )}
      </Form.List>
    </Form.Item>
  );
}
