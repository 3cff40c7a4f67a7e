import { Flex, Timeline, Typography } from 'antd';
import { formatDateTime } from '../lib/format';

/** One step of an order's history, as the API gives it (party orders, drinks orders, tabs). */
export interface TimelineStep<K extends string> {
  kind: K;
  at: string;
  who: string;
  detail: string | null;
}

const RED = new Set(['email.failed', 'refund.failed', 'tab.charge-failed', 'dispute.lost']);
const ORANGE = new Set(['refunded', 'disputed']);
const GREEN = new Set(['dispute.won']);

/** An order's `Timeline`: each step's name, what happened, when and by whom, oldest first. */
export function OrderTimeline<K extends string>({ steps, labels }: { steps: readonly TimelineStep<K>[]; labels: Record<K, string> }) {
  return (
    <section aria-label="Order timeline">
      <Timeline
        items={steps.map((entry, i) => ({
          key: `${entry.kind}-${i}`,
          color: RED.has(entry.kind) ? 'red' : ORANGE.has(entry.kind) ? 'orange' : GREEN.has(entry.kind) ? 'green' : 'blue',
          content: (
            <Flex vertical>
              <Typography.Text strong>{labels[entry.kind]}</Typography.Text>
              {entry.detail ? <span>{entry.detail}</span> : null}
              <Typography.Text type="secondary">
                {formatDateTime(entry.at)} · {entry.who}
              </Typography.Text>
            </Flex>
          ),
        }))}
      />
    </section>
  );
}
