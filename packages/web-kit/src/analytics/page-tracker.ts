import { PAGE_LEAVE_EVENT_TYPE, type PageSections, type PageViewEventType } from '@festival/contracts';
import { getAttribution } from './attribution';
import { getAnalyticsSessionId } from './session';
import { newId } from './storage';
import { sendAnalyticsEvent, trackEvent } from './track-event';

/** Scrolling has settled once no scroll event came for this long. */
export const SCROLL_SETTLE_MS = 150;
/** Sections are observed this long after the page starts (it has rendered by then). */
export const SECTION_OBSERVER_DELAY_MS = 100;
/** A section counts as seen when at least this share of it is in view. */
export const SECTION_VISIBLE_RATIO = 0.5;

export interface PageTrackingOptions {
  /** The page view's event type: `page_view` (landing page) or `party_page_view`. */
  eventType?: PageViewEventType;
  /** Elements whose `data-section` attribute names a section to measure. */
  sectionSelector?: string;
  /** The clock (tests use a fake one). */
  now?: () => number;
}

interface SectionState {
  count: number;
  visibleMs: number;
  /** Whether at least half of it is in view. */
  inView: boolean;
  /** Whether this stay in view has been counted (it is, once scrolling settles). */
  counted: boolean;
  /** Since when it has been in view on a shown page; null when not in view or the page is hidden. */
  since: number | null;
}

/** What the leave event reports about the page view. */
export interface PageBehaviour {
  scrollDepth: number;
  timeOnPage: number;
  pageSections: PageSections;
}

/** How far down the page the visitor has scrolled, in percent (100 when it does not scroll). */
export function currentScrollDepth(): number {
  const doc = document.documentElement;
  const scrollable = Math.max(doc.scrollHeight, document.body?.scrollHeight ?? 0) - window.innerHeight;
  if (scrollable <= 0) return 100;
  const scrolled = window.scrollY ?? doc.scrollTop ?? 0;
  return Math.max(0, Math.min(100, Math.round((scrolled / scrollable) * 100)));
}

/**
 * Tracks one view of a page: sends the page view at once; follows the deepest scroll (in
 * percent, capped at 100, measured once scrolling has settled for 150 ms) and, from 100 ms on,
 * each `[data-section]` element that is at least half in view (how often, counted once
 * scrolling has settled, and for how long while the page is shown); and when the visitor leaves
 * (page hidden, closed, or the app navigates away, i.e. `stop()`), reports that behaviour with
 * `navigator.sendBeacon`, which survives the page closing. Time on page counts only while the
 * page is shown. Returns `stop`.
 */
export function startPageTracking(options: PageTrackingOptions = {}): () => void {
  const eventType = options.eventType ?? 'page_view';
  const selector = options.sectionSelector ?? '[data-section]';
  const now = options.now ?? (() => performance.now());

  const pageViewId = newId();
  const sections = new Map<string, SectionState>();
  let shown = document.visibilityState !== 'hidden';
  let shownSince: number | null = shown ? now() : null;
  let shownMs = 0;
  let maxScroll = currentScrollDepth();
  let settleTimer: ReturnType<typeof setTimeout> | undefined;
  let observer: IntersectionObserver | undefined;
  let lastReport = '';
  let stopped = false;

  void trackEvent(eventType, { pageViewId });

  const timeOnPage = (at: number) => shownMs + (shownSince === null ? 0 : at - shownSince);

  /** Scrolling has settled: take the scroll depth and count the sections now in view. */
  const settle = () => {
    settleTimer = undefined;
    maxScroll = Math.max(maxScroll, currentScrollDepth());
    for (const section of sections.values()) {
      if (section.inView && !section.counted) {
        section.count += 1;
        section.counted = true;
      }
    }
  };
  const settleLater = () => {
    if (settleTimer !== undefined) clearTimeout(settleTimer);
    settleTimer = setTimeout(settle, SCROLL_SETTLE_MS);
  };

  const onIntersect = (entries: IntersectionObserverEntry[]) => {
    const at = now();
    for (const entry of entries) {
      const name = (entry.target as HTMLElement).dataset.section;
      if (!name) continue;
      let section = sections.get(name);
      if (!section) {
        section = { count: 0, visibleMs: 0, inView: false, counted: false, since: null };
        sections.set(name, section);
      }
      const inView = entry.isIntersecting && entry.intersectionRatio >= SECTION_VISIBLE_RATIO - 0.001;
      if (inView && !section.inView) {
        section.inView = true;
        section.since = shown ? at : null;
      } else if (!inView && section.inView) {
        if (section.since !== null) section.visibleMs += at - section.since;
        section.inView = false;
        section.counted = false;
        section.since = null;
      }
    }
    settleLater();
  };

  const observerTimer = setTimeout(() => {
    if (typeof IntersectionObserver !== 'function') return;
    observer = new IntersectionObserver(onIntersect, { threshold: SECTION_VISIBLE_RATIO });
    document.querySelectorAll<HTMLElement>(selector).forEach((el) => {
      if (el.dataset.section) observer!.observe(el);
    });
  }, SECTION_OBSERVER_DELAY_MS);

  const behaviour = (at: number): PageBehaviour => {
    const pageSections: PageSections = {};
    for (const [name, s] of sections) {
      pageSections[name] = { count: s.count, visibleMs: Math.round(s.visibleMs + (s.since === null ? 0 : at - s.since)) };
    }
    return { scrollDepth: maxScroll, timeOnPage: Math.round(timeOnPage(at)), pageSections };
  };

  /** Sends the behaviour so far, unless nothing changed since the last report. */
  const report = () => {
    if (settleTimer !== undefined) {
      clearTimeout(settleTimer);
      settle();
    }
    const data = behaviour(now());
    const key = JSON.stringify(data);
    if (key === lastReport) return;
    lastReport = key;
    void sendAnalyticsEvent(
      {
        ...getAttribution(),
        eventType: PAGE_LEAVE_EVENT_TYPE,
        sessionId: getAnalyticsSessionId(),
        pageViewId,
        pageEventType: eventType,
        ...data,
      },
      { beacon: true },
    );
  };

  const hide = () => {
    if (!shown) return;
    const at = now();
    shown = false;
    if (shownSince !== null) shownMs += at - shownSince;
    shownSince = null;
    for (const s of sections.values()) {
      if (s.since !== null) s.visibleMs += at - s.since;
      s.since = null;
    }
  };
  const show = () => {
    if (shown) return;
    const at = now();
    shown = true;
    shownSince = at;
    for (const s of sections.values()) if (s.inView) s.since = at;
  };

  const onScroll = () => settleLater();
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') {
      // The tab went to the background or the phone locked: it may never come back.
      report();
      hide();
    } else {
      show();
    }
  };
  const onPageHide = () => {
    report();
    hide();
  };
  const onPageShow = (event: PageTransitionEvent) => {
    // Back from the browser's page cache: the same view goes on.
    if (event.persisted && document.visibilityState !== 'hidden') show();
  };

  window.addEventListener('scroll', onScroll, { passive: true });
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pagehide', onPageHide);
  window.addEventListener('pageshow', onPageShow);

  return () => {
    if (stopped) return;
    stopped = true;
    clearTimeout(observerTimer);
    window.removeEventListener('scroll', onScroll);
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('pagehide', onPageHide);
    window.removeEventListener('pageshow', onPageShow);
    observer?.disconnect();
    report();
    if (settleTimer !== undefined) clearTimeout(settleTimer);
  };
}
