import { AutoComplete, Button, Card, Flex, Form, Input, InputNumber, Modal, Space, Switch, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { formatCents, menuDrinkUpdateSchema, newMenuDrinkSchema, type MenuDrink } from '@festival/contracts';
import { errorMessage } from '#shared/api/error-message.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { useAddDrink, useDrinksMenu, useReorderDrinks, useUpdateDrink } from '../api/drinks-menu';
import {
  categoriesOf,
  drinkForm,
  drinkUpdateOf,
  EMPTY_DRINK_FORM,
  movedIds,
  newDrinkOf,
  visibilityUpdate,
  type DrinkForm,
} from '../lib/drink-form';
import { fieldErrorsOf, zodFieldErrors, type FieldErrors } from '#shared/lib/field-errors.ts';
import { SectionError } from '#shared/components/section-error.tsx';

type Dialog = { mode: 'add' } | { mode: 'edit'; drink: MenuDrink };

/**
 * `Drinks menu`: every drink (hidden ones too) in menu order, with a Shown switch, Move up/down
 * within its category and Edit; `Add drink` opens the same form empty. The guests' /drinks
 * follows within seconds; categories are simply the drinks' own.
 */
export function DrinksMenuSection() {
  const menu = useDrinksMenu();
  const update = useUpdateDrink();
  const reorder = useReorderDrinks();
  const toast = useToast();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const drinks = useMemo(() => menu.data?.drinks ?? [], [menu.data]);

  function setShown(drink: MenuDrink, shown: boolean) {
    update.mutate(
      { id: drink.id, drink: visibilityUpdate(drink, !shown) },
      {
        onSuccess: (saved) =>
          toast.success('Settings saved', `${saved.name} is ${saved.hidden ? 'hidden from' : 'shown on'} the guests' menu.`),
        onError: (error) => toast.error('Settings not saved', errorMessage(error, `${drink.name} could not be changed. Please try again.`)),
      },
    );
  }

  function move(drink: MenuDrink, step: -1 | 1) {
    const ids = movedIds(drinks, drink.id, step);
    if (!ids) return;
    reorder.mutate(ids, {
      onError: (error) => toast.error('Order not saved', errorMessage(error, 'The new order could not be saved. Please try again.')),
    });
  }

  const busy = update.isPending || reorder.isPending;
  const columns: TableColumnsType<MenuDrink> = [
    {
      title: 'Name',
      key: 'name',
      render: (_, drink) => (
        <Flex vertical>
          <Typography.Text strong type={drink.hidden ? 'secondary' : undefined}>
            {drink.name}
          </Typography.Text>
          {drink.description ? (
            <Typography.Text type="secondary" ellipsis style={{ maxWidth: 280, fontSize: 12 }}>
              {drink.description}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    { title: 'Category', dataIndex: 'category', key: 'category', width: 150 },
    { title: 'Price', key: 'price', width: 90, align: 'right', render: (_, drink) => formatCents(drink.priceCents) },
    {
      title: 'Stock',
      key: 'available',
      width: 120,
      render: (_, drink) => (drink.available === 0 ? <Tag color="red">Out of Stock</Tag> : drink.available),
    },
    {
      title: 'On the menu',
      key: 'hidden',
      width: 120,
      render: (_, drink) => (
        <Switch
          checked={!drink.hidden}
          checkedChildren="Shown"
          unCheckedChildren="Hidden"
          aria-label={`Show ${drink.name}`}
          disabled={busy}
          onChange={(shown) => setShown(drink, shown)}
        />
      ),
    },
    {
      title: 'Actions',
      key: 'actions',
      width: 230,
      render: (_, drink) => (
        <Space size={4}>
          <Button
            size="small"
            aria-label={`Move ${drink.name} up`}
            title="Move up"
            disabled={busy || !movedIds(drinks, drink.id, -1)}
            onClick={() => move(drink, -1)}
          >
            ↑ Move up
          </Button>
          <Button
            size="small"
            aria-label={`Move ${drink.name} down`}
            title="Move down"
            disabled={busy || !movedIds(drinks, drink.id, 1)}
            onClick={() => move(drink, 1)}
          >
            ↓ Move down
          </Button>
          <Button size="small" aria-label={`Edit ${drink.name}`} onClick={() => setDialog({ mode: 'edit', drink })}>
            Edit
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title="Drinks menu"
      role="region"
      aria-label="Drinks menu"
      extra={
        <Button type="primary" onClick={() => setDialog({ mode: 'add' })} disabled={!menu.data}>
          Add drink
        </Button>
      }
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          Guests see the shown drinks on /drinks by category (alphabetically), each category in the order here. A hidden drink stays in this
          list but cannot be ordered. The bar keeps setting stock from its Stock tab.
        </Typography.Text>
        {menu.error ? (
          <SectionError what="drinks menu" error={menu.error} onRetry={() => void menu.refetch()} />
        ) : (
          <Table<MenuDrink>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={drinks}
            loading={menu.isPending}
            pagination={false}
            scroll={{ x: 900 }}
            onRow={(drink) => ({ style: drink.hidden ? { opacity: 0.6 } : undefined })}
          />
        )}
      </Flex>
      {dialog ? (
        <DrinkDialog
          key={dialog.mode === 'edit' ? dialog.drink.id : 'add'}
          dialog={dialog}
          categories={categoriesOf(drinks)}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </Card>
  );
}

/** The drink form, empty for `Add drink` or filled for `Edit`; `Save` answers `Settings saved`. */
function DrinkDialog({ dialog, categories, onClose }: { dialog: Dialog; categories: string[]; onClose(): void }) {
  const [form] = Form.useForm<DrinkForm>();
  const add = useAddDrink();
  const update = useUpdateDrink();
  const toast = useToast();
  const saving = add.isPending || update.isPending;
  const category = Form.useWatch('category', form) ?? '';
  const initial = dialog.mode === 'edit' ? drinkForm(dialog.drink) : EMPTY_DRINK_FORM;

  const showErrors = (errors: FieldErrors[]) => form.setFields(errors as Parameters<typeof form.setFields>[0]);

  const onError = (error: unknown) => {
    const message = errorMessage(error, 'The drink could not be saved. Please try again.');
    const { fields, rest } = fieldErrorsOf(message);
    showErrors(fields);
    if (fields.length === 0 || rest.length > 0) toast.error('Settings not saved', rest.join('; ') || message);
  };
  const onSuccess = () => {
    toast.success('Settings saved');
    onClose();
  };

  function submit(values: DrinkForm) {
    if (dialog.mode === 'add') {
      const parsed = newMenuDrinkSchema.safeParse(newDrinkOf(values));
      if (!parsed.success) return showErrors(zodFieldErrors(parsed.error));
      add.mutate(parsed.data, { onSuccess, onError });
    } else {
      const parsed = menuDrinkUpdateSchema.safeParse(drinkUpdateOf(values, dialog.drink));
      if (!parsed.success) return showErrors(zodFieldErrors(parsed.error));
      update.mutate({ id: dialog.drink.id, drink: parsed.data }, { onSuccess, onError });
    }
  }

  const suggestions = categories
    .filter((name) => name.toLowerCase().includes(String(category).trim().toLowerCase()))
    .map((name) => ({ value: name }));

  return (
    <Modal open title={dialog.mode === 'add' ? 'Add drink' : `Edit ${dialog.drink.name}`} onCancel={onClose} footer={null} destroyOnHidden>
      <Form<DrinkForm> form={form} layout="vertical" onFinish={submit} requiredMark={false} initialValues={initial}>
        <Form.Item name="name" label="Name" rules={[{ required: true, whitespace: true, message: 'Enter the name' }]}>
          <Input maxLength={120} autoFocus />
        </Form.Item>
        <Form.Item name="description" label="Description">
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Form.Item
          name="category"
          label="Category"
          rules={[{ required: true, whitespace: true, message: 'Enter the category' }]}
          extra="An existing category, or a new one: it appears on the guests' menu with its first drink."
        >
          <AutoComplete options={suggestions} maxLength={60} />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item name="priceCents" label="Price" rules={[{ required: true, message: 'Enter the price' }]}>
            <InputNumber prefix="$" min={0} step={0.01} precision={2} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item
            name="available"
            label="Stock"
            rules={[{ required: true, message: 'Enter the stock' }]}
            extra={dialog.mode === 'edit' ? 'Left as the bar has it unless you change it.' : undefined}
          >
            <InputNumber min={0} precision={0} style={{ width: 160 }} />
          </Form.Item>
        </Flex>
        <Flex gap={8} justify="end">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" htmlType="submit" loading={saving}>
            Save
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}
