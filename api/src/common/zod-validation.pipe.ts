import { HttpStatus, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { GUEST_REFUSALS, GuestRefusal } from './guest-refusals.js';

/** Describes zod issues as one readable line: `email: Invalid email address; phone: Required`. */
export function describeZodError(error: z.ZodError): string {
  return error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message)).join('; ');
}

/**
 * Validates (and strips or coerces, per the schema) a request part with a contracts schema. A
 * refusal names every field in English as it always did; in Hindi or Tamil (the page's own checks
 * already said what is wrong, in its words) it names the fields in one translated sentence.
 */
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.infer<S> {
    const result = this.schema.safeParse(value);
    if (!result.success) {
      const fields = [...new Set(result.error.issues.map((issue) => issue.path.join('.')).filter((path) => path !== ''))];
      const english = describeZodError(result.error);
      throw fields.length > 0
        ? new GuestRefusal(HttpStatus.BAD_REQUEST, GUEST_REFUSALS.invalid, { fields: fields.join(', ') }, english)
        : new GuestRefusal(HttpStatus.BAD_REQUEST, GUEST_REFUSALS.unreadable, {}, english);
    }
    return result.data;
  }
}
