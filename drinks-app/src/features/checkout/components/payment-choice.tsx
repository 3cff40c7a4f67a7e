import './payment-choice.css';
import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const id = useId();
  const reference = tab?.reference ?? '';
  const soFar = tab ? formatCents(tab.totalCents) : '';
  const options: { value: PaymentMethod; label: string; detail: string }[] = [
    ...(tab
      ? [
          {
            value: 'tab' as const,
            label: t({
              message: 'Add to My Tab',
              comment: "Review: payment choice: put this order on the guest's open bar tab (paid later, all at once).",
            }),
            detail: t({
              message: `No card needed: tab ${reference}, ${soFar} so far.`,
              comment: "Review: the guest's open bar tab: its short code (reference) and its total so far (soFar, in US dollars).",
            }),
          },
        ]
      : []),
    {
      value: 'pay-now',
      label: t({ message: 'Pay Now', comment: 'Payment choice, and the button that pays: pay this order by card now.' }),
      detail: t`Pay for this order with your card.`,
    },
    ...(tab
      ? []
      : [
          {
            value: 'open-tab' as const,
            label: t({
              message: 'Open a Tab',
              comment: 'Review: payment choice: open a bar tab, a running bill on a saved card, charged once at the end.',
            }),
            detail: t({
              message: 'Save card, order more later: one charge at the end.',
              comment: 'Review: explains a bar tab: the card is saved now, the drinks are charged together once the tab closes.',
            }),
          },
        ]),
  ];
  return (
    <fieldset className="pay-choice">
      <legend>
        <Trans>How would you like to pay?</Trans>
      </legend>
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
