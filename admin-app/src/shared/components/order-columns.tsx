import { Button, Flex, Typography, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { formatDateTime, formatMoney, shortId } from '../lib/format';
import { StaffTooltip } from './staff-tooltip';

/** One column of an orders table. */
export type OrderColumn<T> = TableColumnsType<T>[number];

/** Stops a click on a cell's own controls from also opening the row's details. */
export const stopRowClick = (event: { stopPropagation: () => void }) => event.stopPropagation();

/** The order's id, short, the whole id in a tooltip. */
export function idColumn<T extends { id: string }>(title: string): OrderColumn<T> {
  return {
    title,
    key: 'id',
    width: 110,
    render: (_, row) => (
      <StaffTooltip title={row.id}>
        <Typography.Text code>{shortId(row.id)}</Typography.Text>
      </StaffTooltip>
    ),
  };
}

/** `Contact`: the buyer's e-mail, and the phone below it. */
export function contactColumn<T extends { customerEmail: string; customerPhone: string }>(): OrderColumn<T> {
  return {
    title: 'Contact',
    key: 'contact',
    width: 230,
    render: (_, row) => (
      <Flex vertical gap={2} style={{ overflowWrap: 'anywhere' }}>
        <span>{row.customerEmail}</span>
        <Typography.Text type="secondary">{row.customerPhone}</Typography.Text>
      </Flex>
    ),
  };
}

interface MoneyColumnOptions<T> {
  width: number;
  sorter?: (a: T, b: T) => number;
  /** What the cell shows around the amount (in bold); the amount alone when not given. */
  render?: (amount: ReactNode, row: T) => ReactNode;
}

/** `Total`: the order's amount, right-aligned. */
export function moneyColumn<T>(dataIndex: keyof T & string, { width, sorter, render }: MoneyColumnOptions<T>): OrderColumn<T> {
  return {
    title: 'Total',
    dataIndex,
    key: 'total',
    align: 'right',
    width,
    ...(sorter ? { sorter } : {}),
    render: (cents: number, row: T) => {
      const amount = <Typography.Text strong>{formatMoney(cents)}</Typography.Text>;
      return render ? render(amount, row) : amount;
    },
  };
}

/** `Date`: when the order was made. */
export function dateColumn<T extends { createdAt: string }>(extra: Partial<OrderColumn<T>> = {}): OrderColumn<T> {
  return {
    title: 'Date',
    dataIndex: 'createdAt',
    key: 'date',
    width: 170,
    render: (createdAt: string) => formatDateTime(createdAt),
    ...extra,
  } as OrderColumn<T>;
}

/** The customer's name as a link to the order's details; the click does not reach the row. */
export function CustomerLink({ name, label, onOpen }: { name: string; label: string; onOpen: () => void }) {
  return (
    <Button
      type="link"
      style={{ padding: 0, height: 'auto', fontWeight: 600, whiteSpace: 'normal', textAlign: 'left' }}
      aria-label={label}
      onClick={(event) => {
        stopRowClick(event);
        onOpen();
      }}
    >
      {name}
    </Button>
  );
}
