import type { RequestHandler } from 'express';
import helmet from 'helmet';

const STRIPE = {
  script: ['https://js.stripe.com'],
  connect: ['https://api.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
};

/**
 * The Content-Security-Policy of every page: only the site's own scripts, styles, fonts and
 * images (plus Stripe's script, API and frames when Stripe is the gateway), never framed.
 * Inline styles are allowed for the components' style attributes and antd's injected styles;
 * inline scripts are not.
 */
export function contentSecurityPolicy(withStripe: boolean): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(withStripe ? STRIPE.script : [])],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(withStripe ? STRIPE.connect : [])],
    'frame-src': ["'self'", ...(withStripe ? STRIPE.frame : [])],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
  };
}

/** Security headers on every response of the API process (nginx adds HSTS in production). */
export function securityHeaders(withStripe: boolean): RequestHandler {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(withStripe) },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    strictTransportSecurity: false,
  });
}
