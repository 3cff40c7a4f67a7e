import type { Campaign } from '@festival/contracts';
import { withProgress } from './use-live-campaigns';

const campaign = (id: string, status: Campaign['status']): Campaign => ({
  id,
  name: id,
  subject: 's',
  content: '<p>x</p>',
  recipientEmails: ['a@example.com', 'b@example.com'],
  status,
  failureReason: null,
  progress: { total: 2, pending: 2, sent: 0, failed: 0, skipped: 0 },
  createdAt: '2025-10-01T10:00:00.000Z',
  startedAt: null,
  finishedAt: null,
});

describe('withProgress', () => {
  it('takes status and counts from the progress answer, keeping the rest of each campaign', () => {
    const [merged, untouched] = withProgress(
      [campaign('a', 'sending'), campaign('b', 'draft')],
      [
        {
          id: 'a',
          status: 'sent',
          failureReason: null,
          progress: { total: 2, pending: 0, sent: 2, failed: 0, skipped: 0 },
          finishedAt: '2025-10-01T10:01:00.000Z',
        },
      ],
    );
    expect(merged).toMatchObject({
      id: 'a',
      status: 'sent',
      progress: { sent: 2 },
      recipientEmails: ['a@example.com', 'b@example.com'],
      content: '<p>x</p>',
    });
    expect(untouched).toEqual(campaign('b', 'draft'));
  });
});
