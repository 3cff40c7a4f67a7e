import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { DoorSearchResult } from '@festival/contracts';
import { prepareJsdomForAntd } from '#shared/testing/antd-in-jsdom.ts';
import type { DoorEngine } from '../lib/door-engine';
import { GuestSearch, SEARCH_AS_YOU_TYPE_MS } from './guest-search';

beforeAll(prepareJsdomForAntd);

const guest = (overrides: Partial<DoorSearchResult>): DoorSearchResult => ({
  orderId: 'order-1',
  reference: '3F2B9C1E',
  customerName: 'Asha Raman',
  status: 'paid',
  adults: 2,
  children: 1,
  total: 3,
  admitted: 1,
  code: 'CODE',
  ...overrides,
});

const TWO_ASHAS = [guest({}), guest({ orderId: 'order-2', reference: '7A1D0C44', adults: 1, children: 0, total: 1, admitted: 0 })];

/** The search API: answers `results` for every query; returns the mock to read the calls. */
function serveSearch(results: DoorSearchResult[]) {
  const fetchMock = jest.fn(async (_path: string, _init?: RequestInit) => ({
    ok: true,
    status: 200,
    statusText: '',
    text: async () => JSON.stringify({ results }),
  }));
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

function renderSearch(online: boolean, local: DoorSearchResult[] = []) {
  const searchLocal = jest.fn((_text: string) => local);
  const engine = { searchLocal, admitFound: jest.fn() } as unknown as DoorEngine;
  render(<GuestSearch engine={engine} online={online} guests={null} onAdmitted={() => {}} />);
  return { searchLocal, box: screen.getByLabelText('Search guests') };
}

function pressEnter(box: HTMLElement) {
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.keyUp(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

const searchedFor = (fetchMock: jest.Mock) => fetchMock.mock.calls.map(([path]) => decodeURIComponent(String(path).split('q=')[1]));

describe('Search guests', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('searches once typing pauses, from two characters, without Enter', async () => {
    const fetchMock = serveSearch(TWO_ASHAS);
    const { box } = renderSearch(true);
    fireEvent.change(box, { target: { value: 'A' } });
    await act(async () => jest.advanceTimersByTime(SEARCH_AS_YOU_TYPE_MS * 2));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.change(box, { target: { value: 'As' } });
    fireEvent.change(box, { target: { value: 'Ash' } });
    await act(async () => jest.advanceTimersByTime(SEARCH_AS_YOU_TYPE_MS - 50));
    expect(fetchMock).not.toHaveBeenCalled();
    await act(async () => jest.advanceTimersByTime(50));
    expect(searchedFor(fetchMock)).toEqual(['Ash']);

    // Two guests of one name, told apart by reference and tickets.
    const found = within(screen.getByRole('region', { name: 'Guests found' })).getAllByRole('listitem');
    expect(found.map((item) => item.textContent)).toEqual([
      'Asha RamanRef 3F2B9C1E2 adults, 1 child · 1 of 3 inAdmit 2',
      'Asha RamanRef 7A1D0C441 adult · 0 of 1 inAdmit 1',
    ]);
  });

  it('still searches at once on Enter, and asks for two characters then', async () => {
    const fetchMock = serveSearch(TWO_ASHAS);
    const { box } = renderSearch(true);
    fireEvent.change(box, { target: { value: 'A' } });
    pressEnter(box);
    expect(screen.getByRole('alert').textContent).toBe('Type at least 2 characters to search');

    fireEvent.change(box, { target: { value: 'Asha' } });
    pressEnter(box);
    await act(async () => {});
    expect(searchedFor(fetchMock)).toEqual(['Asha']);
    // The pause after the typing does not search a second time.
    await act(async () => jest.advanceTimersByTime(SEARCH_AS_YOU_TYPE_MS * 2));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(within(screen.getByRole('region', { name: 'Guests found' })).getAllByRole('listitem')).toHaveLength(2);
  });

  it('searches the phone’s own guest list while offline', async () => {
    const fetchMock = serveSearch([]);
    const { box, searchLocal } = renderSearch(false, [guest({ code: null })]);
    fireEvent.change(box, { target: { value: 'Ash' } });
    await act(async () => jest.advanceTimersByTime(SEARCH_AS_YOU_TYPE_MS));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(searchLocal).toHaveBeenCalledWith('Ash');
    expect(screen.getByRole('region', { name: 'Guests found' }).textContent).toContain('Ref 3F2B9C1E');
  });

  it('falls back to the phone’s list when the search gets no answer', async () => {
    globalThis.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    const { box, searchLocal } = renderSearch(true, [guest({ code: null })]);
    fireEvent.change(box, { target: { value: 'Ash' } });
    await act(async () => jest.advanceTimersByTime(SEARCH_AS_YOU_TYPE_MS));
    expect(searchLocal).toHaveBeenCalledWith('Ash');
    expect(screen.getByRole('region', { name: 'Guests found' }).textContent).toContain('Asha Raman');
  });

  it('clears the results when the box is cleared', async () => {
    serveSearch(TWO_ASHAS);
    const { box } = renderSearch(true);
    fireEvent.change(box, { target: { value: 'Ash' } });
    await act(async () => jest.advanceTimersByTime(SEARCH_AS_YOU_TYPE_MS));
    expect(screen.getByRole('region', { name: 'Guests found' })).toBeTruthy();
    fireEvent.change(box, { target: { value: '' } });
    expect(screen.queryByRole('region', { name: 'Guests found' })).toBeNull();
  });
});
