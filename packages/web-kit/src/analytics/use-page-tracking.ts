import { useEffect } from 'react';
import type { PageViewEventType } from '@festival/contracts';
import { startPageTracking } from './page-tracker';

/**
 * Tracks the page while the component is mounted: the page view when it appears, the leave
 * event when it goes away (unmounted by a route change, hidden, or closed).
 */
export function usePageTracking(eventType: PageViewEventType = 'page_view'): void {
  useEffect(() => startPageTracking({ eventType }), [eventType]);
}
