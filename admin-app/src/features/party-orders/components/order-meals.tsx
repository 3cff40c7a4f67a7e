import { Button, Checkbox, Divider, Flex, Form, Input, List, Modal, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import {
  guestMealChangeSchema,
  MAX_DIETARY_NOTE,
  MAX_GUEST_NAME,
  type GuestMeal,
  type MealSettings,
  type PartyOrderDetails,
} from '@festival/contracts';
import { ApiError } from '@festival/web-kit/api-client';
import { useChangeGuestMeal, useMealOptions } from '../api/guest-meals';

interface MealForm {
  name: string;
  meal: string;
  allergens: string[];
  note: string;
}

/** `Guest 2, Asha: Jain (peanuts; no onion)`. */
export function guestMealText(seat: number, guest: GuestMeal | undefined): string {
  if (!guest) return `Guest ${seat}: not chosen`;
  const needs = [guest.allergens.join(', '), guest.note ?? ''].filter(Boolean).join('; ');
  return `Guest ${seat}${guest.name ? `, ${guest.name}` : ''}: ${guest.meal}${needs ? ` (${needs})` : ''}`;
}

/**
 * The order's `Meals` (docs/meals.md): each valid seat's meal, and for the manager on a paid
 * order of the season on sale, `Change meal` (recorded in the activity log).
 */
export function OrderMeals({ order, readOnly }: { order: PartyOrderDetails; readOnly: boolean }) {
  const seats = order.validAdults + order.validChildren;
  const changeable = !readOnly && order.status === 'paid' && seats > 0;
  const options = useMealOptions(changeable);
  const asksMeals = (options.data?.options.length ?? 0) > 0;
  const [editing, setEditing] = useState<number | null>(null);
  const guests = order.guests ?? [];
  if (guests.length === 0 && !(changeable && asksMeals)) return null;
  const bySeat = new Map(guests.map((guest) => [guest.seat, guest]));
  return (
    <>
      <Divider titlePlacement="start">Meals</Divider>
      <List
        size="small"
        dataSource={Array.from({ length: Math.max(seats, guests.length) }, (_, index) => index + 1)}
        renderItem={(seat) => {
          const guest = bySeat.get(seat);
          return (
            <List.Item
              actions={
                changeable && asksMeals && seat <= seats
                  ? [
                      <Button key="change" size="small" onClick={() => setEditing(seat)} aria-label={`Change meal of guest ${seat}`}>
                        Change meal
                      </Button>,
                    ]
                  : []
              }
            >
              <span>
                {guestMealText(seat, guest)} {guest?.late ? <Tag color="orange">Late</Tag> : null}
                {seat > seats ? <Typography.Text type="secondary"> (refunded)</Typography.Text> : null}
              </span>
            </List.Item>
          );
        }}
      />
      {editing !== null && options.data ? (
        <ChangeMealDialog
          orderId={order.id}
          seat={editing}
          guest={bySeat.get(editing)}
          meals={options.data}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}

function ChangeMealDialog({
  orderId,
  seat,
  guest,
  meals,
  onClose,
}: {
  orderId: string;
  seat: number;
  guest: GuestMeal | undefined;
  meals: MealSettings;
  onClose: () => void;
}) {
  const [form] = Form.useForm<MealForm>();
  const change = useChangeGuestMeal(orderId);
  const [error, setError] = useState<string | null>(null);
  const submit = (values: MealForm) => {
    const parsed = guestMealChangeSchema.safeParse({
      ...(values.name?.trim() ? { name: values.name.trim() } : {}),
      meal: values.meal ?? '',
      allergens: values.allergens ?? [],
      ...(values.note?.trim() ? { note: values.note.trim() } : {}),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the meal');
      return;
    }
    change.mutate(
      { seat, change: parsed.data },
      {
        onSuccess: onClose,
        onError: (failure) => setError((failure instanceof ApiError && failure.serverMessage) || 'The meal could not be saved.'),
      },
    );
  };
  return (
    <Modal
      open
      title={`Meal of guest ${seat}`}
      okText="Save meal"
      onOk={() => form.submit()}
      confirmLoading={change.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<MealForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        initialValues={{ name: guest?.name ?? '', meal: guest?.meal, allergens: guest?.allergens ?? [], note: guest?.note ?? '' }}
      >
        <Form.Item name="name" label="Guest name">
          <Input maxLength={MAX_GUEST_NAME} />
        </Form.Item>
        <Form.Item name="meal" label="Meal" rules={[{ required: true, message: 'Choose a meal' }]}>
          <Select options={meals.options.map((option) => ({ value: option, label: option }))} placeholder="Choose a meal" />
        </Form.Item>
        {meals.allergens.length > 0 ? (
          <Form.Item name="allergens" label="Allergens">
            <Checkbox.Group options={meals.allergens} />
          </Form.Item>
        ) : null}
        <Form.Item name="note" label="Other dietary needs">
          <Input.TextArea rows={2} maxLength={MAX_DIETARY_NOTE} />
        </Form.Item>
      </Form>
      {error ? (
        <Flex>
          <Typography.Text type="danger" role="alert">
            {error}
          </Typography.Text>
        </Flex>
      ) : null}
    </Modal>
  );
}
