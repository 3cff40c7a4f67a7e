/** An element builder of a printed page: `el('td', text, className)`, the text set as text (never as HTML). */
export type ElementBuilder = <K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string) => HTMLElementTagNameMap[K];

/**
 * The element builder of `doc`. Every value goes in as text, so whatever a guest or a customer
 * typed prints as typed.
 */
export function elementBuilder(doc: Document): ElementBuilder {
  return (tag, text, className) => {
    const node = doc.createElement(tag);
    if (text !== undefined) node.textContent = text;
    if (className) node.className = className;
    return node;
  };
}

/** Opens a new window, fills it with `render` and starts printing. False when the browser blocked the window. */
export function printInNewWindow(render: (doc: Document) => void): boolean {
  const win = window.open('', '_blank');
  if (!win) return false;
  render(win.document);
  win.focus();
  win.print();
  return true;
}
