import { BadRequestException, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';

/** Describes zod issues as one readable line: `email: Invalid email address; phone: Required`. */
export function describeZodError(error: z.ZodError): string {
  return error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message)).join('; ');
}

/** Validates (and strips or coerces, per the schema) a request part with a contracts schema. */
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.infer<S> {
    const result = this.schema.safeParse(value);
    if (!result.success) throw new BadRequestException(describeZodError(result.error));
    return result.data;
  }
}
