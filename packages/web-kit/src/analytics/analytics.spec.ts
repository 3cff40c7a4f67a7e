import { ATTRIBUTION_KEY, getAttribution } from './attribution';
import { startPageTracking } from './page-tracker';
import { getAnalyticsSessionId, SESSION_ID_KEY } from './session';
import { trackEvent } from './track-event';

interface Sent {
  via: 'fetch' | 'beacon';
  body: Record<string, unknown>;
}

let sent: Sent[];
let fetchMock: jest.Mock;
let beaconMock: jest.Mock;
let consoleError: jest.SpyInstance;
const running: (() => void)[] = [];

/** A stand-in for the browser's IntersectionObserver that the test drives by hand. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  readonly observed: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit,
  ) {
    FakeObserver.instances.push(this);
  }
  observe(el: Element) {
    this.observed.push(el);
  }
  disconnect() {
    this.disconnected = true;
  }
  /** Reports a section at `ratio` in view. */
  show(section: string, ratio: number) {
    const target = this.observed.find((el) => (el as HTMLElement).dataset.section === section)!;
    this.callback(
      [{ target, isIntersecting: ratio > 0, intersectionRatio: ratio } as unknown as IntersectionObserverEntry],
      this as unknown as IntersectionObserver,
    );
  }
}

function setUrl(path: string, referrer = '') {
  window.history.replaceState({}, '', path);
  Object.defineProperty(document, 'referrer', { configurable: true, get: () => referrer });
}

function setScroll(y: number, pageHeight = 2768) {
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, get: () => pageHeight });
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => y });
  Object.defineProperty(window, 'innerHeight', { configurable: true, get: () => 768 });
}

let visibility: DocumentVisibilityState = 'visible';
function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

const ofType = (type: string) => sent.filter((s) => s.body.eventType === type);

beforeEach(() => {
  sessionStorage.clear();
  sent = [];
  FakeObserver.instances = [];
  fetchMock = jest.fn(async (_url: string, init: RequestInit) => {
    sent.push({ via: 'fetch', body: JSON.parse(String(init.body)) });
    return { ok: true, status: 204 };
  });
  beaconMock = jest.fn((_url: string, body: string) => {
    sent.push({ via: 'beacon', body: JSON.parse(body) });
    return true;
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: beaconMock });
  (globalThis as unknown as { IntersectionObserver: unknown }).IntersectionObserver = FakeObserver;
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  visibility = 'visible';
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  setUrl('/');
  setScroll(0);
  document.body.innerHTML =
    '<header data-section="hero"></header><section data-section="packs"></section><footer data-section="footer"></footer>';
});

afterEach(() => {
  running.splice(0).forEach((stop) => stop());
  consoleError.mockRestore();
  jest.useRealTimers();
});

describe('session id', () => {
  it('is made once per browser session and kept in sessionStorage across reloads', () => {
    const id = getAnalyticsSessionId();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(sessionStorage.getItem(SESSION_ID_KEY)).toBe(id);
    expect(getAnalyticsSessionId()).toBe(id);

    sessionStorage.clear(); // a new tab
    expect(getAnalyticsSessionId()).not.toBe(id);
  });
});

describe('attribution', () => {
  it('reads the utm parameters and the referrer, and keeps them for the session', () => {
    setUrl('/?utm_source=facebook&utm_medium=social&utm_campaign=diwali2024&utm_content=story&utm_term=feast', 'https://m.facebook.com/');
    const first = getAttribution();
    expect(first).toEqual({
      utmSource: 'facebook',
      utmMedium: 'social',
      utmCampaign: 'diwali2024',
      utmContent: 'story',
      utmTerm: 'feast',
      referrer: 'https://m.facebook.com/',
    });
    setUrl('/diwali-party');
    expect(getAttribution()).toEqual(first);
  });

  it('is direct / none with no referrer and no source or medium', () => {
    expect(getAttribution()).toMatchObject({ utmSource: 'direct', utmMedium: 'none', referrer: null });
  });

  it('keeps a referrer from another site, and ignores one from this site', () => {
    setUrl('/', 'https://www.google.com/');
    expect(getAttribution()).toMatchObject({ utmSource: null, utmMedium: null, referrer: 'https://www.google.com/' });
    sessionStorage.clear();
    setUrl('/', `${window.location.origin}/diwali-party`);
    expect(getAttribution()).toMatchObject({ utmSource: 'direct', utmMedium: 'none', referrer: null });
  });

  it('works it out again when the cache cannot be read, saying so on the console only', () => {
    sessionStorage.setItem(ATTRIBUTION_KEY, '{not json');
    setUrl('/?utm_source=sms&utm_medium=text');
    expect(getAttribution()).toMatchObject({ utmSource: 'sms', utmMedium: 'text' });
    expect(consoleError).toHaveBeenCalledWith(expect.stringMatching(/cached attribution/), expect.anything());
    expect(JSON.parse(sessionStorage.getItem(ATTRIBUTION_KEY)!)).toMatchObject({ utmSource: 'sms' });
  });
});

describe('trackEvent', () => {
  it('posts the event with the session and attribution, credentials included, surviving navigation', async () => {
    setUrl('/?utm_source=whatsapp&utm_medium=messaging');
    await trackEvent('catering_clicked', { metadata: { phone_number: '(408) 555-0142', source: 'catering_card' } });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/analytics',
      expect.objectContaining({ method: 'POST', credentials: 'include', keepalive: true }),
    );
    expect(sent[0].body).toEqual({
      eventType: 'catering_clicked',
      sessionId: getAnalyticsSessionId(),
      utmSource: 'whatsapp',
      utmMedium: 'messaging',
      utmCampaign: null,
      utmContent: null,
      utmTerm: null,
      referrer: null,
      metadata: { phone_number: '(408) 555-0142', source: 'catering_card' },
    });
  });

  it('starts the request before it returns', () => {
    void trackEvent('party_add_to_cart');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('logs failures to the console only and never rejects', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(trackEvent('page_view')).resolves.toBeUndefined();
    fetchMock.mockResolvedValueOnce({ ok: false, status: 429 });
    await expect(trackEvent('page_view')).resolves.toBeUndefined();
    expect(consoleError).toHaveBeenCalledTimes(2);
    expect(consoleError).toHaveBeenLastCalledWith(expect.stringMatching(/page_view was not recorded \(429\)/));
  });
});

describe('page tracking', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: 1_000_000 });
  });
  const start = () => {
    const stop = startPageTracking({ now: () => Date.now() });
    running.push(stop);
    return stop;
  };

  it('sends the page view at once, with an id its leave event will carry', () => {
    const stop = start();
    expect(ofType('page_view')).toHaveLength(1);
    const view = ofType('page_view')[0];
    expect(view.via).toBe('fetch');
    expect(view.body).toMatchObject({ sessionId: getAnalyticsSessionId(), utmSource: 'direct', utmMedium: 'none' });
    expect(view.body.pageViewId).toEqual(expect.any(String));
    stop();
    expect(ofType('page_leave')[0].body).toMatchObject({ pageViewId: view.body.pageViewId, pageEventType: 'page_view' });
  });

  it('takes the deepest scroll, in percent capped at 100, once scrolling has settled for 150 ms', () => {
    const stop = start();
    setScroll(1000);
    window.dispatchEvent(new Event('scroll'));
    jest.advanceTimersByTime(149);
    setScroll(500); // scrolled back up before settling: 500 of 2000 scrollable
    window.dispatchEvent(new Event('scroll'));
    jest.advanceTimersByTime(150);
    setScroll(2000);
    window.dispatchEvent(new Event('scroll'));
    jest.advanceTimersByTime(150);
    setScroll(0);
    window.dispatchEvent(new Event('scroll'));
    jest.advanceTimersByTime(150);
    stop();
    expect(ofType('page_leave')[0].body.scrollDepth).toBe(100);
  });

  it('reports an unsettled scroll too when the visitor leaves', () => {
    const stop = start();
    setScroll(1000);
    window.dispatchEvent(new Event('scroll'));
    jest.advanceTimersByTime(50);
    stop();
    expect(ofType('page_leave')[0].body.scrollDepth).toBe(50);
  });

  it('observes the sections from 100 ms on, at half visibility', () => {
    start();
    jest.advanceTimersByTime(99);
    expect(FakeObserver.instances).toHaveLength(0);
    jest.advanceTimersByTime(1);
    const [observer] = FakeObserver.instances;
    expect(observer.options).toEqual({ threshold: 0.5 });
    expect(observer.observed.map((el) => (el as HTMLElement).dataset.section)).toEqual(['hero', 'packs', 'footer']);
  });

  it('counts a section once per stay in view after scrolling settles, and times it while shown', () => {
    const stop = start();
    jest.advanceTimersByTime(100);
    const [observer] = FakeObserver.instances;
    observer.show('hero', 1);
    jest.advanceTimersByTime(2000);
    observer.show('hero', 0.2); // scrolled past
    observer.show('packs', 0.6);
    jest.advanceTimersByTime(100);
    observer.show('packs', 0.3); // gone before scrolling settled: not counted, but timed
    observer.show('hero', 0.9);
    jest.advanceTimersByTime(500);
    stop();
    expect(ofType('page_leave')[0].body.pageSections).toEqual({
      hero: { count: 2, visibleMs: 2500 },
      packs: { count: 0, visibleMs: 100 },
    });
    expect(observer.disconnected).toBe(true);
  });

  it('reports with sendBeacon when the page is hidden, counts time only while shown, and reports again on leaving', () => {
    const stop = start();
    jest.advanceTimersByTime(3000);
    setVisibility('hidden');
    const first = ofType('page_leave');
    expect(first).toHaveLength(1);
    expect(first[0].via).toBe('beacon');
    expect(first[0].body.timeOnPage).toBe(3000);

    jest.advanceTimersByTime(60_000); // in the background
    setVisibility('visible');
    jest.advanceTimersByTime(1000);
    window.dispatchEvent(new Event('pagehide'));
    const leaves = ofType('page_leave');
    expect(leaves).toHaveLength(2);
    expect(leaves[1].body.timeOnPage).toBe(4000);
    expect(leaves[1].body.pageViewId).toBe(first[0].body.pageViewId);

    stop(); // nothing new since the page was hidden: no third report
    expect(ofType('page_leave')).toHaveLength(2);
  });

  it('falls back to a keepalive fetch when the beacon is refused', () => {
    beaconMock.mockReturnValueOnce(false);
    const stop = start();
    jest.advanceTimersByTime(10);
    stop();
    expect(ofType('page_leave').map((s) => s.via)).toEqual(['fetch']);
  });

  it('stops listening once stopped', () => {
    const stop = start();
    stop();
    stop();
    jest.advanceTimersByTime(1000);
    window.dispatchEvent(new Event('pagehide'));
    setVisibility('hidden');
    expect(FakeObserver.instances).toHaveLength(0);
    expect(ofType('page_leave')).toHaveLength(1);
  });
});
