/**
 * The router for pages drawn outside a browser: the pre-render (shell/src/prerender) and the
 * tests. Kept out of the shared singleton (`@festival/router`), which every page downloads and
 * no browser page needs this in. Outside a browser there is no Module Federation: this and
 * `@festival/router` are the same react-router-dom, so they share one router context.
 */
export { MemoryRouter } from 'react-router-dom';
