import { QueryClientProvider } from '@festival/query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_SITE_CONFIG, type AdminPromoCode } from '@festival/contracts';
import { createQueryClient } from '@festival/web-kit/query-client';
import { prepareJsdomForAntd } from '#shared/testing/antd-in-jsdom.ts';
import { AdminThemeProvider } from '#shared/theme/admin-theme-provider.tsx';
import { PromoCodesSection } from './promo-codes-section';

beforeAll(prepareJsdomForAntd);

const CODES: AdminPromoCode[] = [
  {
    id: 'c1',
    code: 'DIWALI5',
    percentOff: 5,
    maxUses: null,
    validUntil: null,
    active: true,
    uses: 12,
    createdAt: '2026-09-01T10:00:00.000Z',
    updatedAt: '2026-09-01T10:00:00.000Z',
  },
  {
    id: 'c2',
    code: 'LIGHTS20',
    percentOff: 20,
    maxUses: 3,
    validUntil: '2036-11-02T06:59:00.000Z',
    active: true,
    uses: 3,
    createdAt: '2026-09-02T10:00:00.000Z',
    updatedAt: '2026-09-02T10:00:00.000Z',
  },
];

interface Call {
  url: string;
  method: string;
  body?: Record<string, unknown>;
}
let calls: Call[];
let saveAnswer: (call: Call) => { status: number; body: unknown };

beforeEach(() => {
  calls = [];
  saveAnswer = (call) => ({ status: call.method === 'POST' ? 201 : 200, body: { ...CODES[0], ...call.body } });
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const call: Call = { url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const { status, body } =
      url === '/api/site'
        ? { status: 200, body: DEFAULT_SITE_CONFIG }
        : call.method === 'GET' && url === '/api/admin/promo-codes'
          ? { status: 200, body: CODES }
          : saveAnswer(call);
    return { ok: status < 300, status, statusText: '', text: async () => JSON.stringify(body) };
  }) as unknown as typeof fetch;
});

function renderSection() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AdminThemeProvider>
        <PromoCodesSection />
      </AdminThemeProvider>
    </QueryClientProvider>,
  );
}

const saves = () => calls.filter((call) => call.method !== 'GET');

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function openAdd() {
  renderSection();
  await screen.findByText('DIWALI5');
  fireEvent.click(screen.getByRole('button', { name: 'Add promo code' }));
  return screen.findByRole('dialog', { name: 'Add promo code' });
}

describe('the Promo codes section', () => {
  it('lists each code with its percent, limit, end, uses and switch', async () => {
    renderSection();
    const diwali = (await screen.findByText('DIWALI5')).closest('tr')!;
    expect(within(diwali).getByText('5%')).toBeTruthy();
    expect(within(diwali).getByText('No limit')).toBeTruthy();
    expect(within(diwali).getByText('No end')).toBeTruthy();
    expect(within(diwali).getByText('12')).toBeTruthy();
    expect(within(diwali).getByRole('switch', { name: 'DIWALI5 active' }).getAttribute('aria-checked')).toBe('true');

    const lights = screen.getByText('LIGHTS20').closest('tr')!;
    expect(within(lights).getByText('Used up')).toBeTruthy();
    expect(within(lights).getByText('20%')).toBeTruthy();
    // The end in the party's time zone (Los Angeles): 06:59 UTC is 11:59 PM the day before.
    expect(within(lights).getByText('Nov 1, 2036, 11:59 PM')).toBeTruthy();
    expect(within(lights).getByRole('switch', { name: 'LIGHTS20 active' }).getAttribute('aria-checked')).toBe('true');
    for (const title of ['Code', 'Percent off', 'Maximum uses', 'Valid until', 'Uses so far', 'Active']) {
      expect(screen.getByRole('columnheader', { name: title })).toBeTruthy();
    }
  });

  it('adds a code: trimmed and in capitals, the end sent with the party time zone’s offset; says Settings saved', async () => {
    const dialog = await openAdd();
    fill('Code', ' lights10 ');
    fill('Percent off', '10');
    fill('Maximum uses (optional)', '50');
    fill('Valid until (optional)', '2036-11-01T23:59');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add promo code' }));
    expect(await screen.findByText('Settings saved')).toBeTruthy();
    expect(saves()).toEqual([
      {
        url: '/api/admin/promo-codes',
        method: 'POST',
        body: { code: 'LIGHTS10', percentOff: 10, maxUses: 50, validUntil: '2036-11-01T23:59:00-07:00', active: true },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('checks the fields with the route’s schema before sending, each message beside its field', async () => {
    const dialog = await openAdd();
    fill('Code', 'free party');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add promo code' }));
    expect(await screen.findByText('Promo code can only have letters, digits, - and _')).toBeTruthy();
    expect(screen.getByText('Required')).toBeTruthy();
    expect(saves()).toEqual([]);
  });

  it.each([
    [400, 'maxUses: Maximum uses must be at least 1', 'Maximum uses must be at least 1'],
    [409, 'A promo code LIGHTS10 already exists', 'A promo code LIGHTS10 already exists'],
  ])('shows the server’s %s beside its field', async (status, message, shown) => {
    saveAnswer = () => ({ status, body: { message } });
    const dialog = await openAdd();
    fill('Code', 'LIGHTS10');
    fill('Percent off', '10');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add promo code' }));
    const text = await within(dialog).findByText(shown);
    expect(text.closest('.ant-form-item')?.querySelector('label')?.textContent).toBe(status === 400 ? 'Maximum uses (optional)' : 'Code');
    expect(screen.getByRole('dialog', { name: 'Add promo code' })).toBeTruthy();
  });

  it('edits a code: the whole code is sent; a limit below its uses is refused beside Maximum uses', async () => {
    saveAnswer = () => ({ status: 409, body: { message: 'Maximum uses cannot be below the 12 uses so far' } });
    renderSection();
    await screen.findByText('DIWALI5');
    fireEvent.click(screen.getByRole('button', { name: 'Edit DIWALI5' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit DIWALI5' });
    // Orders carry the code: its text stays.
    expect((within(dialog).getByLabelText('Code') as HTMLInputElement).disabled).toBe(true);
    fill('Maximum uses (optional)', '10');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const text = await within(dialog).findByText('Maximum uses cannot be below the 12 uses so far');
    expect(text.closest('.ant-form-item')?.querySelector('label')?.textContent).toBe('Maximum uses (optional)');
    expect(saves()).toEqual([
      {
        url: '/api/admin/promo-codes/c1',
        method: 'PUT',
        body: { code: 'DIWALI5', percentOff: 5, maxUses: 10, validUntil: null, active: true },
      },
    ]);
  });

  it('switches a code off with the Active switch', async () => {
    renderSection();
    fireEvent.click(await screen.findByRole('switch', { name: 'DIWALI5 active' }));
    expect(await screen.findByText('Settings saved')).toBeTruthy();
    expect(saves()).toEqual([
      {
        url: '/api/admin/promo-codes/c1',
        method: 'PUT',
        body: { code: 'DIWALI5', percentOff: 5, maxUses: null, validUntil: null, active: false },
      },
    ]);
  });
});
