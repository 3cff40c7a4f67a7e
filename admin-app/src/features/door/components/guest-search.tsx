import { Button, Input } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { DOOR_SEARCH_MIN_LENGTH, ticketLines, type DoorSearchResult } from '@festival/contracts';
import { errorMessage } from '#shared/api/error-message.ts';
import { Panel } from '#shared/components/panel.tsx';
import { searchGuests } from '../api/door-api';
import type { DoorEngine } from '../lib/door-engine';
import type { ScanEntry } from '../lib/door-types';

const STATUS_TEXT: Record<DoorSearchResult['status'], string | null> = { paid: null, refunded: 'Refunded', not_paid: 'Not paid' };

/** How long typing pauses before the search runs. */
export const SEARCH_AS_YOU_TYPE_MS = 250;

/**
 * `Search guests` by name, e-mail, phone or reference (offline: by name or reference, on the
 * phone's guest list), and admit from the result. It searches as the staff member types (from
 * two characters, once typing pauses), and at once on Enter or `Search`. Each result shows the
 * reference, the tickets and how many are in, so two guests of one name can be told apart.
 */
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
  // Only the newest search answers: a slower, older one is dropped (and its call aborted).
  const latest = useRef<{ id: number; abort: AbortController | null }>({ id: 0, abort: null });
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(
    () => () => {
      clearTimeout(pending.current);
      latest.current.abort?.abort();
    },
    [],
  );

  /** Forgets the search under way (typed over, cleared, or replaced): returns the next one's id. */
  const supersede = (): number => {
    clearTimeout(pending.current);
    latest.current.abort?.abort();
    latest.current = { id: latest.current.id + 1, abort: null };
    return latest.current.id;
  };

  const search = async (text: string, typed: boolean) => {
    const id = supersede();
    setError(null);
    if (text.trim().length < DOOR_SEARCH_MIN_LENGTH) {
      setResults(null);
      setSearching(false);
      if (!typed) setError(`Type at least ${DOOR_SEARCH_MIN_LENGTH} characters to search`);
      return;
    }
    if (!online) {
      setSearching(false);
      setResults(engine.searchLocal(text));
      return;
    }
    const abort = new AbortController();
    latest.current.abort = abort;
    setSearching(true);
    try {
      const answer = await searchGuests(text, abort.signal);
      if (latest.current.id === id) setResults(answer.results);
    } catch (e) {
      if (latest.current.id !== id) return;
      // No answer: the phone's own list, by name or reference.
      const local = engine.searchLocal(text);
      setResults(local);
      if (local.length === 0) setError(errorMessage(e, 'The search failed: try again'));
    } finally {
      if (latest.current.id === id) {
        latest.current.abort = null;
        setSearching(false);
      }
    }
  };

  const type = (text: string) => {
    setQuery(text);
    if (text.trim().length < DOOR_SEARCH_MIN_LENGTH) {
      supersede();
      setResults(null);
      setError(null);
      setSearching(false);
      return;
    }
    clearTimeout(pending.current);
    pending.current = setTimeout(() => void search(text, true), SEARCH_AS_YOU_TYPE_MS);
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
        onChange={(e) => type(e.target.value)}
        onSearch={(text) => void search(text, false)}
      />
      {error ? (
        <p className="staff-danger" role="alert">
          {error}
        </p>
      ) : null}
      {results ? (
        <section aria-label="Guests found" aria-busy={searching}>
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
                      <strong>{found.customerName}</strong>
                      <span className="door-list__reference">{`Ref ${found.reference}`}</span>
                      <span className="staff-muted">{`${ticketLines(found.adults, found.children, found.others)} · ${found.admitted} of ${found.total} in`}</span>
                      {found.meals?.map((guest) => (
                        <span key={guest.seat} className="door-list__meal">
                          {`Guest ${guest.seat}${guest.name ? `, ${guest.name}` : ''}: ${guest.meal}`}
                          {guest.allergens.length > 0 ? <strong>{` · Allergies: ${guest.allergens.join(', ')}`}</strong> : null}
                          {guest.note ? ` · ${guest.note}` : ''}
                        </span>
                      ))}
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
