/**
 * What antd reads from the browser and jsdom lacks: matchMedia (responsive grid),
 * ResizeObserver (textareas, tables) and getComputedStyle of a pseudo-element (scroll bars).
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
  const getComputedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => getComputedStyle(element);
}
