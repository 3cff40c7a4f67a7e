import './guest-form.css';
import { useId, useState, type ChangeEvent } from 'react';
import { Trans } from '@lingui/react/macro';
import type { GuestDetails } from '#shared/stores/cart-store.ts';

interface GuestFormProps {
  guest: GuestDetails;
  onChange: (guest: GuestDetails) => void;
}

/** Name (required), e-mail, phone and table number. */
export function GuestForm({ guest, onChange }: GuestFormProps) {
  const id = useId();
  const [nameTouched, setNameTouched] = useState(false);
  const nameMissing = guest.customerName.trim() === '';
  const field = (key: keyof GuestDetails) => ({
    value: guest[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => onChange({ ...guest, [key]: e.target.value }),
  });
  return (
    <div className="guest-form">
      <label className="guest-form__field" htmlFor={`${id}-name`}>
        <Trans comment="Label of the guest's name field (required).">Name</Trans>
        <input
          id={`${id}-name`}
          name="name"
          autoComplete="name"
          required
          maxLength={80}
          aria-invalid={nameTouched && nameMissing}
          aria-describedby={nameMissing ? `${id}-name-error` : undefined}
          onBlur={() => setNameTouched(true)}
          {...field('customerName')}
        />
        {nameMissing ? (
          <span id={`${id}-name-error`} className={nameTouched ? 'guest-form__error' : 'drinks-hint'}>
            <Trans>Please enter your name</Trans>
          </span>
        ) : null}
      </label>
      <label className="guest-form__field" htmlFor={`${id}-email`}>
        <span>
          <Trans comment="Label of the e-mail field: optional, the receipt is sent there.">
            Email <span className="guest-form__optional">(optional, for your receipt)</span>
          </Trans>
        </span>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={254}
          {...field('customerEmail')}
        />
      </label>
      <label className="guest-form__field" htmlFor={`${id}-phone`}>
        <span>
          <Trans comment="Label of the phone number field: optional.">
            Phone <span className="guest-form__optional">(optional)</span>
          </Trans>
        </span>
        <input id={`${id}-phone`} name="phone" type="tel" autoComplete="tel" inputMode="tel" maxLength={30} {...field('customerPhone')} />
      </label>
      <label className="guest-form__field" htmlFor={`${id}-table`}>
        <span>
          <Trans comment="Label of the table number field: optional, so the staff can find the guest at the party.">
            Table Number <span className="guest-form__optional">(so we can find you)</span>
          </Trans>
        </span>
        <input id={`${id}-table`} name="table" inputMode="numeric" maxLength={20} {...field('tableNumber')} />
      </label>
    </div>
  );
}
