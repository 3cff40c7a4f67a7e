import { useState } from 'react';
import { formatCents, tipCentsOf, type DrinkTabView, type Tip } from '@festival/contracts';
import { ApiError } from '@festival/web-kit/api-client';
import { TipPicker } from '#shared/components/tip-picker.tsx';
import type { SavedTab } from '#shared/stores/tab-store.ts';
import { useCloseMyTab } from '../api/close-my-tab';

/** The tab's tip and `Close my tab` (loaded when the guest opens it from the tab banner). */
export function CloseMyTab({ tab, view }: { tab: SavedTab; view: DrinkTabView }) {
  const [tip, setTip] = useState<Tip>(view.tip ?? { percent: 0 });
  const close = useCloseMyTab();
  const tipCents = tipCentsOf(view.subtotalCents, tip);
  const error = close.error ? (close.error instanceof ApiError && close.error.serverMessage) || 'Your tab could not be closed' : null;
  return (
    <div className="tab-banner__close">
      <TipPicker subtotalCents={view.subtotalCents} tip={tip} onChange={setTip} />
      <p>
        To be charged: <strong data-testid="tab-close-total">{formatCents(view.totalCents + tipCents)}</strong>
      </p>
      {error ? (
        <p className="fk-alert" role="alert">
          {error}
        </p>
      ) : null}
      <button type="button" className="fk-btn" disabled={close.isPending} onClick={() => close.mutate({ tab, tip })}>
        {close.isPending ? 'Please wait…' : 'Close my tab'}
      </button>
    </div>
  );
}
