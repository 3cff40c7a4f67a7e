/** A macrotask channel (antd's forms batch their watchers through one): the message is a timer. */
class TimerMessageChannel {
  readonly port1: { onmessage: ((event: unknown) => void) | null } = { onmessage: null };
  readonly port2 = { postMessage: (data: unknown) => void setTimeout(() => this.port1.onmessage?.({ data }), 0) };
}

/**
 * What antd reads from the browser and jsdom lacks: matchMedia (responsive grid),
 * ResizeObserver (textareas, tables), MessageChannel (forms with named fields) and
 * getComputedStyle of a pseudo-element (scroll bars).
 * Imported by component specs before they render.
 */
export function prepareJsdomForAntd(): void {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
  globalThis.MessageChannel ??= TimerMessageChannel as unknown as typeof MessageChannel;
  const getComputedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => getComputedStyle(element);
}
