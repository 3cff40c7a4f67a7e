import { Button, Card, DatePicker, Flex, Form, Input, Skeleton, type FormInstance } from 'antd';
import { useEffect, useMemo } from 'react';
import { Link } from '@festival/router';
import { mealSettingsSchema, type MealSettings } from '@festival/contracts';
import { SectionError } from '#shared/components/section-error.tsx';
import { useMealSettings, useSaveMeals } from '../api/meals';
import { mealSettingsOf, mealsForm, type MealsForm } from '../lib/meals-form';
import { SALE_TIME_FORMAT } from '../lib/ticket-form';
import { useSectionSave } from '../lib/use-section-save';

/** Errors of `options.2` land on the whole `Meal options` box (the form has one field per list). */
function onListFields(form: FormInstance<MealsForm>): FormInstance<MealsForm> {
  return {
    ...form,
    setFields: (fields) => form.setFields(fields.map((field) => ({ ...field, name: [(field.name as (string | number)[])[0]] as never }))),
  };
}

/**
 * `Meals` (docs/meals.md): the season's meal options (none: the party asks no meals), the
 * allergens each guest is asked about, and when meal choices close, in the party's time zone.
 */
export function MealsSection({ timeZone }: { timeZone: string }) {
  const meals = useMealSettings();
  return (
    <Card title="Meals" role="region" aria-label="Meals" extra={<Link to="/admin/kitchen">Kitchen Counts</Link>}>
      {meals.error ? (
        <SectionError what="meal settings" error={meals.error} onRetry={() => void meals.refetch()} />
      ) : meals.data ? (
        <MealsFormCard meals={meals.data} timeZone={timeZone} />
      ) : (
        <Skeleton active paragraph={{ rows: 4 }} />
      )}
    </Card>
  );
}

function MealsFormCard({ meals, timeZone }: { meals: MealSettings; timeZone: string }) {
  const [form] = Form.useForm<MealsForm>();
  const save = useSaveMeals();
  const listForm = useMemo(() => onListFields(form), [form]);
  const submit = useSectionSave({
    form: listForm,
    schema: mealSettingsSchema,
    toSection: (values: MealsForm) => mealSettingsOf(values, timeZone),
    save,
  });

  useEffect(() => {
    form.setFieldsValue(mealsForm(meals, timeZone));
  }, [form, meals, timeZone]);

  return (
    <Form<MealsForm> form={form} name="meals" layout="vertical" onFinish={submit} requiredMark={false} style={{ maxWidth: 720 }}>
      <Flex gap={16} wrap>
        <Form.Item
          name="options"
          label="Meal options"
          extra="One per line, as guests see them (Vegetarian, Non-vegetarian, Jain). Empty: the party asks no meals."
          style={{ flex: '1 1 260px' }}
        >
          <Input.TextArea rows={4} />
        </Form.Item>
        <Form.Item
          name="allergens"
          label="Allergens"
          extra="One per line: each guest ticks the ones that apply."
          style={{ flex: '1 1 260px' }}
        >
          <Input.TextArea rows={4} />
        </Form.Item>
      </Flex>
      <Form.Item
        name="choicesCloseAt"
        label="Meal choices close"
        extra={`Guests still choose after it; the kitchen sees those meals marked late. Empty: never. Times in ${timeZone}.`}
      >
        <DatePicker showTime={{ format: 'HH:mm' }} format={SALE_TIME_FORMAT} needConfirm={false} allowClear style={{ width: 220 }} />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" loading={save.isPending}>
        Save
      </Button>
    </Form>
  );
}
