import { Flex, Typography } from 'antd';

/** One line of a price breakdown: its label and the amount as shown. */
export type PriceLine = [label: string, amount: string];

/** An order's `Price breakdown`: label and amount lines, the total in bold. */
export function PriceBreakdown({ lines }: { lines: readonly PriceLine[] }) {
  return (
    <section aria-label="Price breakdown">
      {lines.map(([label, amount]) => (
        <Flex key={label} justify="space-between">
          <Typography.Text strong={label === 'Total'}>{label}</Typography.Text>
          <Typography.Text strong={label === 'Total'}>{amount}</Typography.Text>
        </Flex>
      ))}
    </section>
  );
}
