import { useState } from 'react';
import { KEEP_CARD_LABEL, KEEP_CARD_LINE } from '@festival/contracts';
import { useKeepCard } from '../api/keep-card';

interface KeepCardBoxProps {
  orderId: string;
  clientSecret: string;
}

/**
 * The payment step's box: unticked, nothing is asked of the server; ticked before paying, the
 * payment keeps the card for a drinks tab at the party (docs/guest-account.md).
 */
export function KeepCardBox({ orderId, clientSecret }: KeepCardBoxProps) {
  const keepCard = useKeepCard();
  const [keep, setKeep] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function change(next: boolean) {
    setError(null);
    setKeep(next);
    try {
      await keepCard.mutateAsync({ orderId, clientSecret, keep: next });
    } catch {
      setKeep(!next);
      setError('Your choice could not be saved. Please try again.');
    }
  }

  return (
    <div className="keep-card">
      <label className="keep-card__label">
        <input type="checkbox" checked={keep} disabled={keepCard.isPending} onChange={(event) => void change(event.target.checked)} />{' '}
        {KEEP_CARD_LABEL}
      </label>
      <p className="party-hint keep-card__line">{KEEP_CARD_LINE}</p>
      {error ? (
        <p className="fk-alert" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
