import { createCampaignRequestSchema, sendTestCampaignRequestSchema } from './campaigns.js';

const valid = { name: 'Diwali', subject: 'Happy Diwali', content: '<p>Hi</p>', recipientEmails: ['guest@example.com'] };

function messages(input: unknown): string[] {
  const result = createCampaignRequestSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('campaign contracts', () => {
  it('accepts a complete campaign, trimming text and lower-casing addresses', () => {
    const parsed = createCampaignRequestSchema.parse({
      ...valid,
      name: '  Diwali  ',
      recipientEmails: ['  Guest@Example.COM ', 'other@example.com'],
    });
    expect(parsed.name).toBe('Diwali');
    expect(parsed.recipientEmails).toEqual(['guest@example.com', 'other@example.com']);
  });

  it('names every missing field', () => {
    expect(messages({ name: ' ', subject: '', content: '   ', recipientEmails: [] })).toEqual([
      'Campaign name is required',
      'Email subject is required',
      'Email content is required',
      'Add at least one email address',
    ]);
    expect(messages({})).toEqual(['Required', 'Required', 'Required', 'Required']);
    expect(messages({ ...valid, name: 7, recipientEmails: 'guest@example.com' })).toEqual([
      'Expected string, received number',
      'Expected array, received string',
    ]);
  });

  it('takes an audience of guests without addresses, and a list only with them', () => {
    const { recipientEmails: _, ...rest } = valid;
    expect(createCampaignRequestSchema.parse({ ...rest, audience: 'agreed' })).toEqual({ ...rest, audience: 'agreed' });
    expect(messages({ ...valid, audience: 'ticket-buyers' })).toEqual(['Only a pasted or uploaded list takes addresses']);
    expect(messages({ ...rest, audience: 'list' })).toEqual(['Required']);
    expect(createCampaignRequestSchema.parse({ ...valid, audience: 'list' }).recipientEmails).toEqual(['guest@example.com']);
    expect(createCampaignRequestSchema.safeParse({ ...rest, audience: 'everyone' }).success).toBe(false);
  });

  it('names the address that is not one', () => {
    expect(messages({ ...valid, recipientEmails: ['guest@example.com', 'john@'] })).toEqual(['Not a valid e-mail address: john@']);
  });

  it('refuses a subject that would break the mail header, and unknown fields', () => {
    expect(messages({ ...valid, subject: 'Hi\r\nBcc: everyone@example.com' })).toEqual(['Email subject must be one line']);
    expect(createCampaignRequestSchema.safeParse({ ...valid, status: 'sent' }).success).toBe(false);
  });

  it('validates the test-send address', () => {
    expect(sendTestCampaignRequestSchema.parse({ email: ' Staff@Restaurant.example ' })).toEqual({ email: 'staff@restaurant.example' });
    expect(sendTestCampaignRequestSchema.safeParse({ email: 'nobody' }).success).toBe(false);
    expect(sendTestCampaignRequestSchema.safeParse({}).success).toBe(false);
  });
});
