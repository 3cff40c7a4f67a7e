import type { HTMLAttributes, ReactNode } from 'react';
import './panel.css';

/**
 * A white card of the staff area, drawn with the design tokens instead of antd's `Card`: antd's
 * Card brings its Tabs, Dropdown, Menu and Skeleton along (about 40 KB on the wire), which the
 * pages loaded first (the login, the dashboard's skeleton) and the door phone's page do without.
 * `title` becomes the card's heading; `size="small"` is the compact padding.
 */
export function Panel({
  title,
  size = 'default',
  className,
  children,
  ...rest
}: { title?: ReactNode; size?: 'default' | 'small'; children?: ReactNode } & Omit<HTMLAttributes<HTMLElement>, 'title'>) {
  return (
    <section className={['staff-panel', size === 'small' ? 'staff-panel--small' : '', className ?? ''].join(' ').trim()} {...rest}>
      {title ? <h2 className="staff-panel__title">{title}</h2> : null}
      {children}
    </section>
  );
}

/** A notice in a panel's place: a warning, an error or information, with an optional detail line. */
export function Notice({
  type,
  title,
  description,
  role = 'status',
}: {
  type: 'info' | 'warning' | 'error';
  title: ReactNode;
  description?: ReactNode;
  role?: 'status' | 'alert';
}) {
  return (
    <div className={`staff-notice staff-notice--${type}`} role={role}>
      <p className="staff-notice__title">{title}</p>
      {description ? <p className="staff-notice__detail">{description}</p> : null}
    </div>
  );
}
