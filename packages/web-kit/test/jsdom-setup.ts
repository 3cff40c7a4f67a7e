// jsdom lacks a few globals the browser has and react-router relies on.
import { TextDecoder, TextEncoder } from 'node:util';
import { configure } from '@testing-library/dom';

if (typeof globalThis.TextEncoder === 'undefined') Object.assign(globalThis, { TextEncoder, TextDecoder });

// `findBy…` and `waitFor` wait up to 5 s instead of Testing Library's 1 s: on a shared, loaded
// machine a page can take over a second to render in jsdom. What never appears still fails.
configure({ asyncUtilTimeout: 5_000 });
