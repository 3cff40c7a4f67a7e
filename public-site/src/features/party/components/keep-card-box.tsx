import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
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
  const { t } = useLingui();
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
      setError(
        t({
          message: 'Your choice could not be saved. Please try again.',
          comment: 'Review: keeping (or not keeping) the card for drinks could not be saved.',
        }),
      );
    }
  }

  return (
    <div className="keep-card">
      <label className="keep-card__label">
        <input type="checkbox" checked={keep} disabled={keepCard.isPending} onChange={(event) => void change(event.target.checked)} />{' '}
        <Trans comment="Review: a box the guest ticks to keep the card on file, to pay for drinks ordered at the party on a bar tab (the same words as KEEP_CARD_LABEL).">
          Keep my card for drinks at the party
        </Trans>
      </label>
      <p className="party-hint keep-card__line">
        <Trans comment="Review: what keeping the card means: charged only for drinks on the guest's bar tab, up to the tab limit, and deleted after the party (the same words as KEEP_CARD_LINE).">
          We'll charge it only for drinks you order on your tab, up to the tab limit, and forget it after the party.
        </Trans>
      </p>
      {error ? (
        <p className="fk-alert" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
