import { Card, Empty, Flex, Skeleton, Table, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { ScrollRegion } from './scroll-region';

/** Rows shown on one page of a section's table; more than this and the table pages. */
const PAGE_SIZE = 20;

interface DashboardTableSectionProps<T> {
  title: ReactNode;
  extra?: ReactNode;
  /** The section's error (with Retry) in place of its content, or nothing. */
  error: ReactNode;
  /** The rows to show; `undefined` while they load (a skeleton shows). */
  rows: readonly T[] | undefined;
  skeletonRows: number;
  columns: TableColumnsType<T>;
  /** The scrolling region's accessible name. */
  tableLabel: string;
  /** Below this width the table scrolls sideways. */
  minWidth: number;
  emptyText: string;
  /** Above the table once the rows are in (search, actions). */
  children?: ReactNode;
  /** A click on a row (its details); clicks on the row's own buttons stop before it. */
  onRowClick?: (row: T) => void;
}

/** A dashboard section that lists rows in a table: its error, a skeleton while loading, or the table. */
export function DashboardTableSection<T extends { id: string }>({
  title,
  extra,
  error,
  rows,
  skeletonRows,
  columns,
  tableLabel,
  minWidth,
  emptyText,
  children,
  onRowClick,
}: DashboardTableSectionProps<T>) {
  return (
    <Card title={title} extra={extra}>
      {error ??
        (rows === undefined ? (
          <Skeleton active paragraph={{ rows: skeletonRows }} />
        ) : (
          <Flex vertical gap={12}>
            {children}
            <ScrollRegion label={tableLabel} minWidth={minWidth}>
              <Table<T>
                rowKey="id"
                columns={columns}
                dataSource={rows}
                pagination={rows.length > PAGE_SIZE ? { pageSize: PAGE_SIZE, showSizeChanger: false } : false}
                size="middle"
                onRow={onRowClick ? (row) => ({ onClick: () => onRowClick(row), style: { cursor: 'pointer' } }) : undefined}
                locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
              />
            </ScrollRegion>
          </Flex>
        ))}
    </Card>
  );
}
