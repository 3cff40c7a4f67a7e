import type { ArgumentsHost } from '@nestjs/common';
import type { Logger } from 'pino';
import { CardDeclinedError, GatewayUnavailableError } from '../modules/payments/payment-gateway.js';
import { TooManyDeclinesError } from '../modules/payments/payment-declines.service.js';
import { HttpErrorFilter } from './http-error.filter.js';

/** What the filter answered for one thrown error, and what it logged. */
function answerTo(exception: unknown, acceptLanguage?: string) {
  const sent: { status?: number; body?: unknown } = {};
  const res = {
    headersSent: false,
    status(status: number) {
      sent.status = status;
      return res;
    },
    set: () => res,
    setHeader: () => res,
    json(body: unknown) {
      sent.body = body;
      return res;
    },
  };
  const host = {
    switchToHttp: () => ({
      getResponse: () => res,
      getRequest: () => ({ path: '/api/x', headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} }),
    }),
  } as unknown as ArgumentsHost;
  const logger = { warn: jest.fn(), error: jest.fn() };
  new HttpErrorFilter(logger as unknown as Logger).catch(exception, host);
  return { ...sent, logger };
}

describe('HttpErrorFilter', () => {
  it('answers a payment service out of reach with a 503 that carries no internals, and logs it as a warning', () => {
    const { status, body, logger } = answerTo(new GatewayUnavailableError('Stripe: connect ECONNREFUSED 10.0.0.7:443'));
    expect(status).toBe(503);
    expect(body).toEqual({ message: 'The payment service could not be reached. Please try again.' });
    expect(logger.warn).toHaveBeenCalledWith(expect.anything(), 'GatewayUnavailableError: Stripe: connect ECONNREFUSED 10.0.0.7:443');
    expect(logger.error).not.toHaveBeenCalled();
  });

  it("answers a guest's page in its language: too many declined cards, the payment service out of reach", () => {
    const declines = answerTo(new TooManyDeclinesError({ address: '203.0.113.9' }), 'hi');
    expect(declines.status).toBe(429);
    expect(declines.body).toEqual({ message: expect.stringMatching(/[\u0900-\u097F]/), code: 'payments.too-many-declines' });
    expect(answerTo(new TooManyDeclinesError({ address: '203.0.113.9' })).body).toEqual({
      message: 'Too many declined card attempts. Please wait an hour, or pay at the bar or the door.',
    });
    const unreachable = answerTo(new GatewayUnavailableError('Stripe: timeout'), 'ta-IN');
    expect(unreachable.status).toBe(503);
    expect(unreachable.body).toEqual({ message: expect.stringMatching(/[\u0B80-\u0BFF]/), code: 'payments.gateway-unavailable' });
    expect(JSON.stringify(unreachable.body)).not.toContain('timeout');
  });

  it("answers a declined card with a 402 and the card's message", () => {
    const { status, body, logger } = answerTo(new CardDeclinedError('Your card was declined.'));
    expect(status).toBe(402);
    expect(body).toEqual({ message: 'Your card was declined.' });
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('answers anything else with a plain 500', () => {
    const { status, body, logger } = answerTo(new Error('undefined is not a function'));
    expect(status).toBe(500);
    expect(body).toEqual({ message: 'Something went wrong on our side. Please try again.' });
    expect(logger.error).toHaveBeenCalled();
  });
});
