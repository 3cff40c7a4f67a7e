import { useId, useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatCents, tipCentsOf, type Tip, type TipPercent } from '@festival/contracts';
import './tip-picker.css';

/** The choices: no tip (a text), then percentages (shown as `10%` in every language). */
const PERCENTS: { percent: TipPercent; label?: MessageDescriptor }[] = [
  { percent: 0, label: msg({ message: 'No tip', comment: 'Tip choice: the guest adds no tip.' }) },
  { percent: 10 },
  { percent: 15 },
  { percent: 20 },
];

/** Dollars typed by the guest (`2.50`) as whole cents, or null when it is not an amount. */
function centsOfDollars(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,4}(\.\d{0,2})?$/.test(trimmed)) return null;
  return Math.round(Number(trimmed) * 100);
}

/**
 * The tip: `No tip`, `10%`, `15%`, `20%` of the drinks before tax, or `Custom` dollars. The
 * server computes the same figure (tipCentsOf) and refuses more than the subtotal.
 */
export function TipPicker({ subtotalCents, tip, onChange }: { subtotalCents: number; tip: Tip; onChange: (tip: Tip) => void }) {
  const { i18n } = useLingui();
  const id = useId();
  const [custom, setCustom] = useState(() => ('cents' in tip ? (tip.cents / 100).toFixed(2) : ''));
  const isCustom = 'cents' in tip;
  const tipCents = tipCentsOf(subtotalCents, tip);
  const amount = formatCents(tipCents);
  return (
    <fieldset className="tip-picker">
      <legend>
        <Trans comment="Heading of the tip choices for the bar staff.">Add a tip</Trans>
      </legend>
      <div className="tip-picker__options">
        {PERCENTS.map((option) => (
          <label key={option.percent} className="tip-option">
            <input
              type="radio"
              name={`${id}-tip`}
              checked={!isCustom && tip.percent === option.percent}
              onChange={() => onChange({ percent: option.percent })}
            />
            <span>{option.label ? i18n._(option.label) : `${option.percent}%`}</span>
          </label>
        ))}
        <label className="tip-option">
          <input type="radio" name={`${id}-tip`} checked={isCustom} onChange={() => onChange({ cents: centsOfDollars(custom) ?? 0 })} />
          <span>
            <Trans comment="Tip choice: the guest types an amount of their own.">Custom</Trans>
          </span>
        </label>
      </div>
      {isCustom ? (
        <label className="tip-picker__custom">
          <Trans comment="Label of the field where the guest types a tip in US dollars.">Tip amount ($)</Trans>
          <input
            inputMode="decimal"
            value={custom}
            onChange={(event) => {
              setCustom(event.target.value);
              onChange({ cents: centsOfDollars(event.target.value) ?? 0 });
            }}
          />
        </label>
      ) : null}
      <p className="drinks-hint" data-testid="tip-amount">
        {tipCents > subtotalCents ? (
          <Trans>Tip: {amount} (a tip cannot be more than the drinks themselves)</Trans>
        ) : (
          <Trans comment="The tip chosen, in US dollars.">Tip: {amount}</Trans>
        )}
      </p>
    </fieldset>
  );
}
