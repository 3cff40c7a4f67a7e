import type { z } from 'zod';
import { ApiError } from '@festival/web-kit/api-client';
import type { Toast } from '../toast/use-toast';

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

/**
 * A failed save: each `field: text` part of the server's refusal beside its field, a 409 beside
 * `conflictField` when given, anything else (the network, a refusal naming no field) in a toast.
 */
export function showSaveError(error: unknown, show: (errors: FieldErrors[]) => void, toast: Toast, conflictField?: string[]): void {
  const message = (error instanceof ApiError && error.serverMessage) || 'The settings could not be saved. Please try again.';
  if (conflictField && error instanceof ApiError && error.status === 409) {
    show([{ name: conflictField, errors: [message] }]);
    return;
  }
  const { fields, rest } = fieldErrorsOf(message);
  show(fields);
  if (fields.length === 0 || rest.length > 0) toast.error('Settings not saved', rest.join('; ') || message);
}

/**
 * For a form of plain fields: the first error of each of `fields` (a path under one counts for
 * it: `groupDiscountTiers.0.percent`), and the rest of the message whole, for a message of its own.
 */
export function errorsByField<F extends string>(
  message: string,
  fields: readonly F[],
): { byField: Partial<Record<F, string>>; other: string[] } {
  const { fields: found, rest } = fieldErrorsOf(message);
  const byField: Partial<Record<F, string>> = {};
  const other = [...rest];
  for (const { name, errors } of found) {
    const field = String(name[0]) as F;
    if (fields.includes(field)) byField[field] ??= errors[0];
    else other.push(...errors.map((text) => `${name.join('.')}: ${text}`));
  }
  return { byField, other };
}
