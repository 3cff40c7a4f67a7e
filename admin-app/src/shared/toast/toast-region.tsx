import { App, type AppProps } from 'antd';
import { useEffect, useRef, type RefObject } from 'react';

/** How long a toast stays: 5 seconds, longer while the pointer rests on it. */
export const TOAST_DURATION_MS = 5_000;
/** A toast dragged further right than this is dismissed; a shorter drag springs back. */
export const SWIPE_THRESHOLD_PX = 50;
/** The key that moves the focus to the toasts, so keyboard users can reach their close button. */
export const TOAST_HOTKEY = 'F8';

const NOTICE = '.ant-notification-notice';

/**
 * antd's notification, the way every staff toast behaves: one at a time (a new one replaces
 * the one shown), 5 seconds, bottom right, drawn inside the toast region.
 */
export function toastConfig(region: RefObject<HTMLElement | null>): NonNullable<AppProps['notification']> {
  return { maxCount: 1, duration: TOAST_DURATION_MS / 1000, placement: 'bottomRight', getContainer: () => region.current ?? document.body };
}

/** A notice being dragged: where the pointer went down, and how far right it has gone. */
interface Swipe {
  notice: HTMLElement;
  pointerId: number;
  startX: number;
  distance: number;
}

/**
 * The landmark the toasts are drawn in (`Notifications (F8)`): F8 focuses it, and a toast
 * swiped right past the threshold is dismissed.
 */
export function ToastRegion({ ref }: { ref: RefObject<HTMLElement | null> }) {
  const { notification } = App.useApp();
  const swipe = useRef<Swipe | null>(null);

  useEffect(() => {
    const region = ref.current;
    if (!region) return undefined;

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === TOAST_HOTKEY) {
        event.preventDefault();
        region.focus();
      }
    };
    const onPointerDown = (event: PointerEvent) => {
      const notice = event.target instanceof Element ? event.target.closest<HTMLElement>(NOTICE) : null;
      if (!notice || event.button !== 0) return;
      swipe.current = { notice, pointerId: event.pointerId, startX: event.clientX, distance: 0 };
      notice.setPointerCapture?.(event.pointerId);
    };
    const onPointerMove = (event: PointerEvent) => {
      const current = swipe.current;
      if (!current || current.pointerId !== event.pointerId) return;
      current.distance = Math.max(0, event.clientX - current.startX);
      current.notice.style.transform = `translateX(${current.distance}px)`;
    };
    const onPointerEnd = (event: PointerEvent) => {
      const current = swipe.current;
      if (!current || current.pointerId !== event.pointerId) return;
      swipe.current = null;
      if (event.type === 'pointerup' && current.distance > SWIPE_THRESHOLD_PX) {
        notification.destroy();
      } else {
        current.notice.style.transform = '';
      }
    };

    window.addEventListener('keydown', onKeyDown);
    region.addEventListener('pointerdown', onPointerDown);
    region.addEventListener('pointermove', onPointerMove);
    region.addEventListener('pointerup', onPointerEnd);
    region.addEventListener('pointercancel', onPointerEnd);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      region.removeEventListener('pointerdown', onPointerDown);
      region.removeEventListener('pointermove', onPointerMove);
      region.removeEventListener('pointerup', onPointerEnd);
      region.removeEventListener('pointercancel', onPointerEnd);
    };
  }, [ref, notification]);

  // Swiping a toast must not scroll the page sideways on a touch screen.
  return <section ref={ref} aria-label={`Notifications (${TOAST_HOTKEY})`} tabIndex={-1} style={{ touchAction: 'pan-y' }} />;
}
