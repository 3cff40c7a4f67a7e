import './payment-choice.css';
import { useId } from 'react';
import { formatCents } from '@festival/contracts';

/** Pay this order now, open a tab (save a card), or add it to the phone's open tab. */
export type PaymentMethod = 'pay-now' | 'open-tab' | 'tab';

interface PaymentChoiceProps {
  method: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  /** The phone's open tab, when it has one. */
  tab: { reference: string; totalCents: number } | null;
}

export function PaymentChoice({ method, onChange, tab }: PaymentChoiceProps) {
  const id = useId();
  const options: { value: PaymentMethod; label: string; detail: string }[] = [
    ...(tab
      ? [
          {
            value: 'tab' as const,
            label: 'Add to My Tab',
            detail: `No card needed: tab ${tab.reference}, ${formatCents(tab.totalCents)} so far.`,
          },
        ]
      : []),
    { value: 'pay-now', label: 'Pay Now', detail: 'Pay for this order with your card.' },
    ...(tab ? [] : [{ value: 'open-tab' as const, label: 'Open a Tab', detail: 'Save card, order more later: one charge at the end.' }]),
  ];
  return (
    <fieldset className="pay-choice">
      <legend>How would you like to pay?</legend>
      {options.map((option) => (
        <label key={option.value} className="pay-option">
          <input
            type="radio"
            name={`${id}-method`}
            value={option.value}
            checked={method === option.value}
            aria-labelledby={`${id}-${option.value}-label`}
            aria-describedby={`${id}-${option.value}`}
            onChange={() => onChange(option.value)}
          />
          <span className="pay-option__label" id={`${id}-${option.value}-label`}>
            {option.label}
          </span>
          <span className="pay-option__detail" id={`${id}-${option.value}`}>
            {option.detail}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
