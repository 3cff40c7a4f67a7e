import { Flex } from 'antd';

/** An order's lines in a table cell, one per line: `Name x quantity`. */
export function OrderItems({ items }: { items: readonly { name: string; quantity: number }[] }) {
  return (
    <Flex vertical gap={2}>
      {items.map((item, i) => (
        <span key={`${item.name}-${i}`}>
          {item.name} x {item.quantity}
        </span>
      ))}
    </Flex>
  );
}
