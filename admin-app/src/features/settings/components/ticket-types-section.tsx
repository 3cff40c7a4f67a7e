import { Button, Card, Flex, Form, Skeleton, Typography } from 'antd';
import { useEffect } from 'react';
import { MAX_TICKET_TYPES, ticketTypesRequestSchema, type AdminTicketTypesResponse, type BuiltInTicketType } from '@festival/contracts';
import { ApiError } from '@festival/web-kit/api-client';
import { errorMessage } from '#shared/api/error-message.ts';
import { SectionError } from '#shared/components/section-error.tsx';
import { fieldErrorsOf, zodFieldErrors, type FieldErrors } from '#shared/lib/field-errors.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { useSaveTicketTypes, useTicketTypes } from '../api/ticket-types';
import { NEW_TICKET_TYPE, ticketTypesForm, ticketTypesRequestOf, type TicketTypesForm } from '../lib/ticket-types-form';
import { TicketTypeFields } from './ticket-type-fields';

/**
 * `Ticket types`: what the party page sells, in its order. Adult and Child are built in (named
 * by the Tickets section's ages, priced there too); other types are the manager's own, a table
 * for 8 counting 8 seats. `Save ticket types` sends the whole list: a type taken out is deleted
 * (one with tickets sold or held cannot be).
 */
export function TicketTypesSection() {
  const types = useTicketTypes();
  return (
    <Card title="Ticket types" role="region" aria-label="Ticket types">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          The party page lists these types in this order. Each ticket counts its seats against the party&apos;s capacity; paid tickets and
          those in a checkout count as sold or held.
        </Typography.Text>
        {types.error ? (
          <SectionError what="ticket types" error={types.error} onRetry={() => void types.refetch()} />
        ) : types.data ? (
          <TicketTypesEditor answer={types.data} />
        ) : (
          <Skeleton active paragraph={{ rows: 6 }} />
        )}
      </Flex>
    </Card>
  );
}

function TicketTypesEditor({ answer }: { answer: AdminTicketTypesResponse }) {
  const [form] = Form.useForm<TicketTypesForm>();
  const save = useSaveTicketTypes();
  const toast = useToast();
  const { timeZone } = answer;
  const savedById = new Map(answer.types.map((type) => [type.id, type]));
  // A type's id has no field of its own (read from the form's store); whether it is built in and what it sold are the server's.
  const savedAt = (index: number): { builtIn: BuiltInTicketType | null; taken: number } => {
    const saved = savedById.get(form.getFieldValue(['types', index, 'id']) as number);
    return { builtIn: saved?.builtIn ?? null, taken: saved?.taken ?? 0 };
  };

  useEffect(() => {
    form.setFieldsValue(ticketTypesForm(answer));
  }, [form, answer]);

  const showErrors = (errors: FieldErrors[]) => form.setFields(errors as Parameters<typeof form.setFields>[0]);

  function submit() {
    const parsed = ticketTypesRequestSchema.safeParse(ticketTypesRequestOf(form.getFieldsValue(true) as TicketTypesForm, timeZone));
    if (!parsed.success) {
      showErrors(zodFieldErrors(parsed.error));
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: () => toast.success('Ticket types saved'),
      onError: (error) => {
        const message = errorMessage(error, 'The ticket types could not be saved. Please try again.');
        // A refusal for sales (`VIP Table has 1 ticket sold or held…`) names a type, not a field.
        if (error instanceof ApiError && error.status === 409) {
          toast.error('Ticket types not saved', message);
          return;
        }
        const { fields, rest } = fieldErrorsOf(message);
        showErrors(fields);
        if (fields.length === 0 || rest.length > 0) toast.error('Ticket types not saved', rest.join('; ') || message);
      },
    });
  }

  return (
    <Form<TicketTypesForm>
      form={form}
      name="ticket-types"
      layout="vertical"
      onFinish={submit}
      requiredMark={false}
      initialValues={ticketTypesForm(answer)}
    >
      <Form.List name="types">
        {(fields, { add, remove, move }, { errors }) => (
          <Flex vertical gap={12} style={{ marginBottom: 24 }}>
            {fields.map((field, index) => (
              <TicketTypeFields
                key={field.key}
                field={field}
                number={index + 1}
                count={fields.length}
                timeZone={timeZone}
                {...savedAt(field.name)}
                onMove={(to) => move(index, to - 1)}
                onRemove={() => remove(field.name)}
              />
            ))}
            <Form.ErrorList errors={errors} />
            <div>
              <Button
                onClick={() => add({ ...NEW_TICKET_TYPE, priceSteps: [] })}
                disabled={fields.length >= MAX_TICKET_TYPES}
                title={fields.length >= MAX_TICKET_TYPES ? `At most ${MAX_TICKET_TYPES} ticket types` : undefined}
              >
                Add ticket type
              </Button>
            </div>
          </Flex>
        )}
      </Form.List>

      <Button type="primary" htmlType="submit" size="large" loading={save.isPending}>
        Save ticket types
      </Button>
    </Form>
  );
}
