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
 * `Required` for a missing value and `Expected X, received Y` for a value of another type than
 * the schema takes; undefined for any other issue. An enum or literal names the type of its
 * allowed values (`Expected string, received number`).
 */
function typeMessage(issue: core.$ZodRawIssue): string | undefined {
  if (issue.code === 'invalid_type') {
    return issue.input === undefined ? 'Required' : `Expected ${issue.expected}, received ${receivedType(issue.input)}`;
  }
  if ((issue.code === 'invalid_value' || issue.code === 'invalid_union') && issue.input === undefined) return 'Required';
  if (issue.code === 'invalid_value') {
    const allowed = [...new Set(issue.values.map(receivedType))];
    const received = receivedType(issue.input);
    if (!allowed.includes(received)) return `Expected ${allowed.join(' | ')}, received ${received}`;
  }
  return undefined;
}

/**
 * The default messages of a field whose schema does not word its own: `Required` when it is
 * missing, `Expected X, received Y` when it has the wrong type (an enum or a literal included),
 * and `Invalid input` when it matches none of the allowed values or shapes or fails an unworded
 * check. Length, range and format rules keep zod's own wording, which names the limit. A message
 * a schema gives explicitly always wins over these.
 */
export const formErrorMap: core.$ZodErrorMap = (issue) => {
  const typed = typeMessage(issue);
  if (typed) return typed;
  switch (issue.code) {
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

/**
 * The `error` of a string format, enum or literal schema that words its own rule: `message` for a
 * value of the right type that breaks it, the default messages (`Required`, `Expected X, received
 * Y`) for a missing or wrongly typed value. `message` may be a function of the zod issue.
 */
export function valueMessage(message: string | ((issue: core.$ZodRawIssue) => string)): core.$ZodErrorMap {
  return (issue) => {
    if (typeMessage(issue)) return undefined;
    return typeof message === 'string' ? message : message(issue);
  };
}
