import type { FormInstance } from 'antd';
import type { z } from 'zod';
import { showSaveError, zodFieldErrors, type FieldErrors } from '#shared/lib/field-errors.ts';
import { useToast } from '#shared/toast/use-toast.ts';

/**
 * The `Save` of a settings section: the form's values made into the section, checked with the
 * shared schema (errors beside their fields), then sent; `Settings saved`, or the server's
 * refusal beside its fields (a 409 beside `conflictField`).
 */
export function useSectionSave<Values, Section>({
  form,
  schema,
  toSection,
  save,
  conflictField,
}: {
  form: FormInstance<Values>;
  schema: z.ZodType<Section>;
  toSection: (values: Values) => unknown;
  save: { mutate(section: Section, handlers: { onSuccess(): void; onError(error: Error): void }): void };
  conflictField?: string[];
}): (values: Values) => void {
  const toast = useToast();
  const showErrors = (errors: FieldErrors[]) => form.setFields(errors as Parameters<typeof form.setFields>[0]);
  return (values) => {
    const parsed = schema.safeParse(toSection(values));
    if (!parsed.success) {
      showErrors(zodFieldErrors(parsed.error));
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: () => toast.success('Settings saved'),
      onError: (error) => showSaveError(error, showErrors, toast, conflictField),
    });
  };
}
