import { ApiError, apiGet, apiPatch, apiPost } from './api-client';

function respond(status: number, body: string, statusText = '') {
  // jsdom has no Response: a fake with the parts the client reads.
  const fetchMock = jest.fn().mockResolvedValue({ ok: status >= 200 && status < 300, status, statusText, text: async () => body });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

describe('api client', () => {
  it('sends credentials and JSON, and returns the parsed answer', async () => {
    const fetchMock = respond(200, '{"remaining":12}');
    await expect(apiPost('/api/x', { a: 1 })).resolves.toEqual({ remaining: 12 });
    expect(fetchMock).toHaveBeenCalledWith('/api/x', expect.objectContaining({ method: 'POST', credentials: 'include', body: '{"a":1}' }));
  });

  it('raises "<status>: <body text>" on a failed answer, and exposes the server message', async () => {
    respond(409, '{"message":"Only 3 tickets remaining"}');
    const error = await apiGet('/api/y').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('409: {"message":"Only 3 tickets remaining"}');
    expect((error as ApiError).serverMessage).toBe('Only 3 tickets remaining');
  });

  it('falls back to the status text when the body is empty', async () => {
    respond(503, '', 'Service Unavailable');
    await expect(apiGet('/api/z')).rejects.toThrow('503: Service Unavailable');
  });

  it('sends extra headers on a GET, and JSON bodies on a PATCH', async () => {
    const fetchMock = respond(200, '{"ok":true}');
    await apiGet('/api/tab', { 'X-Tab-Token': 'secret' });
    expect(fetchMock).toHaveBeenLastCalledWith(
      '/api/tab',
      expect.objectContaining({ method: 'GET', headers: { Accept: 'application/json', 'X-Tab-Token': 'secret' } }),
    );
    await apiPatch('/api/stock', { available: 0 });
    expect(fetchMock).toHaveBeenLastCalledWith('/api/stock', expect.objectContaining({ method: 'PATCH', body: '{"available":0}' }));
  });
});

describe("the page's language on every call", () => {
  afterEach(() => document.documentElement.removeAttribute('lang'));

  it('asks for answers in the language of the page, whatever the browser prefers', async () => {
    const fetchMock = respond(200, '{}');
    document.documentElement.lang = 'ta';
    await apiPost('/api/party-order-intent', {});
    expect(fetchMock).toHaveBeenLastCalledWith(
      '/api/party-order-intent',
      expect.objectContaining({ headers: { Accept: 'application/json', 'Accept-Language': 'ta', 'Content-Type': 'application/json' } }),
    );
    document.documentElement.lang = 'en';
    await apiGet('/api/site');
    expect(fetchMock).toHaveBeenLastCalledWith(
      '/api/site',
      expect.objectContaining({ headers: { Accept: 'application/json', 'Accept-Language': 'en' } }),
    );
  });

  it('leaves the header to the browser outside a page that names its language', async () => {
    const fetchMock = respond(200, '{}');
    await apiGet('/api/site');
    expect(fetchMock).toHaveBeenLastCalledWith('/api/site', expect.objectContaining({ headers: { Accept: 'application/json' } }));
  });

  it("exposes a translated refusal's code beside its message", async () => {
    respond(409, '{"message":"இந்த விளம்பரக் குறியீடு பயன்படுத்தப்பட்டுவிட்டது","code":"promo.used-up"}');
    const error = (await apiPost('/api/party-order-intent', {}).catch((e: unknown) => e)) as ApiError;
    expect([error.serverMessage, error.serverCode]).toEqual(['இந்த விளம்பரக் குறியீடு பயன்படுத்தப்பட்டுவிட்டது', 'promo.used-up']);
  });
});
