import { Tooltip } from 'antd';
import { useContext, type ReactElement, type ReactNode } from 'react';
import { TooltipDelayContext } from './tooltip-delay';

/** A tooltip with the staff area's timing (antd's Tooltip). */
export function StaffTooltip({ title, children }: { title: ReactNode; children: ReactElement }) {
  const { delayMs, onOpenChange } = useContext(TooltipDelayContext);
  return (
    <Tooltip title={title} mouseEnterDelay={delayMs / 1000} onOpenChange={onOpenChange}>
      {children}
    </Tooltip>
  );
}
