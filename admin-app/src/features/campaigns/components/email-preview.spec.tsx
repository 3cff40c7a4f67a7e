import { QueryClientProvider } from '@festival/query';
import { render, screen, waitFor } from '@testing-library/react';
import { createQueryClient } from '@festival/web-kit/query-client';
import { prepareJsdomForAntd } from '#shared/testing/antd-in-jsdom.ts';
import { AdminThemeProvider } from '#shared/theme/admin-theme-provider.tsx';
import { PREVIEW_CSP } from '../lib/preview-document';
import { EmailPreview } from './email-preview';

beforeAll(prepareJsdomForAntd);

function serverAnswers(status: number, body: unknown) {
  const fetchMock = jest.fn().mockResolvedValue({ ok: status < 300, status, statusText: '', text: async () => JSON.stringify(body) });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

function renderPreview(subject: string, content: string) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AdminThemeProvider>
        <EmailPreview subject={subject} content={content} />
      </AdminThemeProvider>
    </QueryClientProvider>,
  );
}

describe('the e-mail preview', () => {
  it('shows the e-mail the server rendered from the draft, in the sandboxed frame', async () => {
    const html = '<!doctype html><html><head><title>Hi</title></head><body><p>Shown as sent</p></body></html>';
    const fetchMock = serverAnswers(200, { html, text: 'Shown as sent' });
    renderPreview('Hi', '{{#if restaurant.name}}<p>Shown as sent</p>{{/if}}');
    const frame = (await screen.findByTitle('Email preview')) as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(
      `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}"><title>Hi</title></head><body><p>Shown as sent</p></body></html>`,
    );
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/campaigns/preview');
    expect(JSON.parse(String(init.body))).toEqual({ subject: 'Hi', content: '{{#if restaurant.name}}<p>Shown as sent</p>{{/if}}' });
  });

  it("shows the server's reason when the template cannot render", async () => {
    serverAnswers(400, { statusCode: 400, message: 'Email content is not a valid template: Parse error on line 1' });
    renderPreview('Hi', '{{#if}}');
    await waitFor(() => expect(screen.getByText('Email content is not a valid template: Parse error on line 1')).toBeTruthy());
  });
});
