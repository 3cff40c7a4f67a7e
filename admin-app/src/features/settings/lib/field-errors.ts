import type { z } from 'zod';

/** One field's errors, as antd's `form.setFields` takes them. */
export interface FieldErrors {
  name: (string | number)[];
  errors: string[];
}

/**
 * The server's validation message (`capacity: Capacity must be…; groupDiscountTiers.0.percent: …`,
 * docs/settings.md) as errors beside their fields; a part without a field is left in `rest`.
 */
export function fieldErrorsOf(message: string): { fields: FieldErrors[]; rest: string[] } {
  const fields: FieldErrors[] = [];
  const rest: string[] = [];
  for (const part of message.split('; ')) {
    const match = /^([A-Za-z][\w.]*): (.+)$/.exec(part);
    if (!match) {
      rest.push(part);
      continue;
    }
    const name = match[1].split('.').map((key) => (/^\d+$/.test(key) ? Number(key) : key));
    const known = fields.find((field) => field.name.join('.') === name.join('.'));
    if (known) known.errors.push(match[2]);
    else fields.push({ name, errors: [match[2]] });
  }
  return { fields, rest };
}

/** A zod failure of the shared contracts as errors beside their fields. */
export function zodFieldErrors(error: z.ZodError): FieldErrors[] {
  return fieldErrorsOf(error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')).fields;
}
