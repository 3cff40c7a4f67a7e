// The stand's nginx serves HTTPS with a self-signed certificate made for the run
// (localCertificate in @festival/test-kit). This makes the calling thread's fetch trust that
// certificate, besides the usual roots (and any certificate trusted before it), so every check
// still verifies the address it talks to. A worker thread has its own fetch: it calls this again
// with the same PEM.
import { rootCertificates } from 'node:tls';
import { Agent, setGlobalDispatcher } from 'undici';

/** @type {Set<string>} */
const trusted = new Set();

/** @param {string} certificate PEM */
export function trustCertificate(certificate) {
  trusted.add(certificate);
  setGlobalDispatcher(new Agent({ connect: { ca: [...rootCertificates, ...trusted] } }));
}
