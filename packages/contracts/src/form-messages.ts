import type { core } from 'zod';

/** The type a value arrived as, in the words of the form messages (`received number`). */
function receivedType(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  if (input instanceof Date) return 'date';
  if (typeof input === 'number' && Number.isNaN(input)) return 'nan';
  return typeof input;
}

/**
 * The default messages of a field whose schema does not word its own: `Required` when it is
 * missing, `Expected X, received Y` when it has the wrong type, and `Invalid input` when it
 * matches none of the allowed values or shapes or fails an unworded check. Length, range and
 * format rules keep zod's own wording, which names the limit. A message a schema gives
 * explicitly always wins over these.
 */
export const formErrorMap: core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'Required' : `Expected ${issue.expected}, received ${receivedType(issue.input)}`;
    case 'invalid_union':
    case 'invalid_value':
    case 'invalid_key':
    case 'invalid_element':
    case 'custom':
      return 'Invalid input';
    default:
      return undefined;
  }
};
