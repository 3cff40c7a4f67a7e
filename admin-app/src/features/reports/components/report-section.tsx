import { Card } from 'antd';
import type { ReactNode } from 'react';

/** One card of the reports page, its title an h2. */
export function ReportSection({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>{title}</h2>} extra={extra}>
      {children}
    </Card>
  );
}
