import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatCents, tipCentsOf, type DrinkTabView, type Tip } from '@festival/contracts';
import { ApiError } from '@festival/web-kit/api-client';
import { TipPicker } from '#shared/components/tip-picker.tsx';
import type { SavedTab } from '#shared/stores/tab-store.ts';
import { useCloseMyTab } from '../api/close-my-tab';

/** The tab's tip and `Close my tab` (loaded when the guest opens it from the tab banner). */
export function CloseMyTab({ tab, view }: { tab: SavedTab; view: DrinkTabView }) {
  const { t } = useLingui();
  const [tip, setTip] = useState<Tip>(view.tip ?? { percent: 0 });
  const close = useCloseMyTab();
  const tipCents = tipCentsOf(view.subtotalCents, tip);
  const error = close.error ? (close.error instanceof ApiError && close.error.serverMessage) || t`Your tab could not be closed` : null;
  const total = formatCents(view.totalCents + tipCents);
  return (
    <div className="tab-banner__close">
      <TipPicker subtotalCents={view.subtotalCents} tip={tip} onChange={setTip} />
      <p>
        <Trans comment="Review: the amount the saved card will be charged when the guest closes the bar tab (drinks, tax and tip).">
          To be charged: <strong data-testid="tab-close-total">{total}</strong>
        </Trans>
      </p>
      {error ? (
        <p className="fk-alert" role="alert">
          {error}
        </p>
      ) : null}
      <button type="button" className="fk-btn" disabled={close.isPending} onClick={() => close.mutate({ tab, tip })}>
        {close.isPending ? (
          <Trans>Please wait…</Trans>
        ) : (
          <Trans comment="Review: button that closes the guest's bar tab and charges the saved card once.">Close my tab</Trans>
        )}
      </button>
    </div>
  );
}
