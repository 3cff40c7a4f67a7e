import { z } from 'zod';
import { analyticsEventRequestSchema } from './analytics.js';
import { partyContactSchema } from './party.js';

/** `path: message` of every issue, as the API answers them. */
function messages(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

const pageView = { eventType: 'page_view', sessionId: 'session-form-1' };

describe('default form messages', () => {
  it('says Required for a missing field', () => {
    expect(messages(analyticsEventRequestSchema, { eventType: 'page_view' })).toEqual(['sessionId: Required']);
  });

  it('says Expected X, received Y for a field of the wrong type', () => {
    expect(messages(analyticsEventRequestSchema, { ...pageView, scrollDepth: 'deep' })).toEqual([
      'scrollDepth: Expected number, received string',
    ]);
    expect(messages(analyticsEventRequestSchema, { ...pageView, scrollDepth: [50] })).toEqual([
      'scrollDepth: Expected number, received array',
    ]);
    expect(messages(analyticsEventRequestSchema, { ...pageView, sessionId: 12345678 })).toEqual([
      'sessionId: Expected string, received number',
    ]);
  });

  it('says Invalid input for a value outside the allowed ones', () => {
    expect(messages(analyticsEventRequestSchema, { ...pageView, pageEventType: 'checkout_started' })).toEqual([
      'pageEventType: Invalid input',
    ]);
  });

  it('says the same in schemas built anywhere, once the contracts are loaded', () => {
    const form = z.object({ name: z.string(), size: z.union([z.literal('S'), z.literal('L')]), agreed: z.boolean().refine((v) => v) });
    expect(messages(form, { size: 'M', agreed: false })).toEqual(['name: Required', 'size: Invalid input', 'agreed: Invalid input']);
    expect(messages(form, { name: null, size: 'S', agreed: 'yes' })).toEqual([
      'name: Expected string, received null',
      'agreed: Expected boolean, received string',
    ]);
  });

  it('keeps the messages the product description and the schemas word', () => {
    expect(messages(partyContactSchema, { firstName: ' ', lastName: '', email: 'nobody', phone: '123' })).toEqual([
      'firstName: First name is required',
      'lastName: Last name is required',
      'email: Invalid email address',
      'phone: Phone number must be at least 10 digits',
    ]);
    expect(messages(analyticsEventRequestSchema, { eventType: 'order_completed', sessionId: 'session-form-1' })).toEqual([
      'eventType: conversions are recorded by the server, not sent by the browser',
    ]);
  });
});
