import './closed-card.css';
import { Trans } from '@lingui/react/macro';
import { Rangoli } from './ornaments';

/** The card that says the feast pack pre-orders are closed, on `/` and on the checkout page. */
export function ClosedCard() {
  return (
    <article className="lp-card lp-card--closed lp-rise" aria-labelledby="lp-closed-title">
      <Rangoli className="lp-card-rangoli" />
      <div>
        <h3 id="lp-closed-title" className="lp-card-title">
          <Trans>Diwali Feast Pack Orders Are Now Closed</Trans>
        </h3>
        <p>
          <Trans>
            Thank you for the overwhelming response! Every feast pack for this Diwali has found its family, and we are grateful to everyone
            who celebrated the festival of lights with us.
          </Trans>
        </p>
      </div>
    </article>
  );
}
