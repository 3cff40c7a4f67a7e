import { useId, useState } from 'react';
import { formatCents, tipCentsOf, type Tip, type TipPercent } from '@festival/contracts';
import './tip-picker.css';

const PERCENTS: { percent: TipPercent; label: string }[] = [
  { percent: 0, label: 'No tip' },
  { percent: 10, label: '10%' },
  { percent: 15, label: '15%' },
  { percent: 20, label: '20%' },
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
  const id = useId();
  const [custom, setCustom] = useState(() => ('cents' in tip ? (tip.cents / 100).toFixed(2) : ''));
  const isCustom = 'cents' in tip;
  const tipCents = tipCentsOf(subtotalCents, tip);
  return (
    <fieldset className="tip-picker">
      <legend>Add a tip</legend>
      <div className="tip-picker__options">
        {PERCENTS.map((option) => (
          <label key={option.percent} className="tip-option">
            <input
              type="radio"
              name={`${id}-tip`}
              checked={!isCustom && tip.percent === option.percent}
              onChange={() => onChange({ percent: option.percent })}
            />
            <span>{option.label}</span>
          </label>
        ))}
        <label className="tip-option">
          <input type="radio" name={`${id}-tip`} checked={isCustom} onChange={() => onChange({ cents: centsOfDollars(custom) ?? 0 })} />
          <span>Custom</span>
        </label>
      </div>
      {isCustom ? (
        <label className="tip-picker__custom">
          Tip amount ($)
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
        Tip: {formatCents(tipCents)} {tipCents > subtotalCents ? '(a tip cannot be more than the drinks themselves)' : ''}
      </p>
    </fieldset>
  );
}
