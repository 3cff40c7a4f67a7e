import { Button, Input } from 'antd';
import { useState } from 'react';
import { ticketLines, type DoorSearchResult } from '@festival/contracts';
import { errorMessage } from '../../../shared/api/error-message';
import { Panel } from '../../../shared/components/panel';
import { searchGuests } from '../api/door-api';
import type { DoorEngine } from '../lib/door-engine';
import type { ScanEntry } from '../lib/door-types';

const STATUS_TEXT: Record<DoorSearchResult['status'], string | null> = { paid: null, refunded: 'Refunded', not_paid: 'Not paid' };

/** `Search guests` by name, e-mail, phone or reference (offline: by name or reference), and admit from the result. */
export function GuestSearch({
  engine,
  online,
  guests,
  onAdmitted,
}: {
  engine: DoorEngine;
  online: boolean;
  guests: number | null;
  onAdmitted: (entry: ScanEntry) => void;
}) {
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<DoorSearchResult[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);

  const search = async (text: string) => {
    setError(null);
    if (text.trim().length < 2) {
      setResults(null);
      setError('Type at least 2 characters to search');
      return;
    }
    setSearching(true);
    try {
      setResults(online ? (await searchGuests(text)).results : engine.searchLocal(text));
    } catch (e) {
      // No answer: the phone's own list, by name or reference.
      const local = engine.searchLocal(text);
      setResults(local);
      if (local.length === 0) setError(errorMessage(e, 'The search failed: try again'));
    } finally {
      setSearching(false);
    }
  };

  const admit = async (found: DoorSearchResult) => {
    const entry = await engine.admitFound(found, guests ?? undefined);
    onAdmitted(entry);
    setResults((list) =>
      (list ?? []).map((r) => (r.orderId === found.orderId && entry.result === 'admitted' ? { ...r, admitted: entry.admitted } : r)),
    );
  };

  return (
    <Panel size="small">
      <label htmlFor="door-search" className="door-label">
        Search guests
      </label>
      <Input.Search
        id="door-search"
        size="large"
        placeholder="Name, e-mail, phone or reference"
        enterButton="Search"
        loading={searching}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onSearch={(text) => void search(text)}
      />
      {error ? (
        <p className="staff-danger" role="alert">
          {error}
        </p>
      ) : null}
      {results ? (
        <section aria-label="Guests found">
          {results.length === 0 ? (
            <p className="staff-muted door-list__empty">No guest found</p>
          ) : (
            <ul className="door-list">
              {results.map((found) => {
                const left = found.total - found.admitted;
                const refusal = STATUS_TEXT[found.status];
                return (
                  <li key={found.orderId} className="door-list__item">
                    <span className="door-list__text">
                      <strong>{`${found.customerName} · ${found.reference}`}</strong>
                      <span className="staff-muted">{`${ticketLines(found.adults, found.children)} · ${found.admitted} of ${found.total} in`}</span>
                    </span>
                    {refusal ? (
                      <span className="staff-danger">{refusal}</span>
                    ) : (
                      <Button type="primary" disabled={left <= 0} onClick={() => void admit(found)}>
                        {left <= 0 ? 'All in' : `Admit ${guests ?? left}`}
                      </Button>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      ) : null}
    </Panel>
  );
}
