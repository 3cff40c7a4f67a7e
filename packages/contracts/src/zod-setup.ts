import { config } from 'zod';
import { formErrorMap } from './form-messages.js';

// Zod compiles its object parsers with `new Function` where eval is allowed, and probes for it
// when the first object schema is built. The site's Content-Security-Policy refuses eval, so in
// a browser the probe is reported as a policy violation (in the console, and to any report
// endpoint) although zod copes. Browsers only check small forms: there the schemas run
// interpreted and never probe. The API keeps the compiled parsers. Every module of this package
// that builds schemas imports this one first (package.json lists it as having side effects).
if ('document' in globalThis) config({ jitless: true });

// The default messages of every schema, on the API and in the browser alike.
config({ customError: formErrorMap });
