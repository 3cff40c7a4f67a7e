import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  orderSeats,
  partyContactSchema,
  type MealChoices,
  type PartyContact,
  type PartyGuest,
  type SeatedOrder,
} from '@festival/contracts';
import { useMemo, useState, type FormEvent } from 'react';
import { NewsConsentBox } from '@festival/web-kit/legal';
import {
  guestErrors,
  guestRows,
  MealsSection,
  seatDrafts,
  toPartyGuests,
  type GuestDraft,
  type GuestProblems,
  type SeatDraft,
} from './meals-section';

type Errors = Partial<Record<keyof PartyContact, MessageDescriptor>>;

const FIELDS: { name: keyof PartyContact; label: MessageDescriptor; type: string; autoComplete: string; inputMode?: 'email' | 'tel' }[] = [
  { name: 'firstName', label: msg`First name`, type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', label: msg`Last name`, type: 'text', autoComplete: 'family-name' },
  { name: 'email', label: msg`Email`, type: 'email', autoComplete: 'email', inputMode: 'email' },
  { name: 'phone', label: msg`Phone`, type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
];

/**
 * The contact schema's messages (`partyContactSchema`, docs/product.md's words), by field and by
 * what is wrong: too short (empty), too long, or not an e-mail address.
 */
const TOO_SHORT: Record<keyof PartyContact, MessageDescriptor> = {
  firstName: msg`First name is required`,
  lastName: msg`Last name is required`,
  email: msg`Invalid email address`,
  phone: msg`Phone number must be at least 10 digits`,
};
const TOO_LONG: Record<keyof PartyContact, MessageDescriptor> = {
  firstName: msg`First name is too long`,
  lastName: msg`Last name is too long`,
  email: msg`Invalid email address`,
  phone: msg`Phone number is too long`,
};

/** A schema issue of a field as the page says it (an address that is not one is `Invalid email address`). */
const issueMessage = (field: keyof PartyContact, code: string): MessageDescriptor => (code === 'too_big' ? TOO_LONG : TOO_SHORT)[field];

interface ContactStepProps {
  initial: PartyContact;
  pending: boolean;
  error: string | null;
  /** With the meal rows as typed, kept for when the guest comes back. */
  onBack: (contact: PartyContact, guests: SeatDraft[]) => void;
  /**
   * `guests` only when the season asks meals (`meals`): one row per seat; `drafts` as typed.
   * `newsConsent`: whether the guest ticked the news box (docs/privacy.md).
   */
  onSubmit: (contact: PartyContact, guests: PartyGuest[] | undefined, drafts: SeatDraft[] | undefined, newsConsent: boolean) => void;
  /** The season's meal choices, when it has meal options (docs/meals.md). */
  meals?: MealChoices;
  /** The tickets chosen: one meal row per seat, in seat order (`orderSeats`). */
  tickets?: SeatedOrder;
  /** Meal rows typed before, kept for the seats that stay. */
  initialGuests?: readonly SeatDraft[];
}

export function ContactStep({ initial, pending, error, onBack, onSubmit, meals, tickets, initialGuests = [] }: ContactStepProps) {
  const { t, i18n } = useLingui();
  const [values, setValues] = useState<PartyContact>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const seats = useMemo(() => (meals && tickets ? orderSeats(tickets) : []), [meals, tickets]);
  const [guests, setGuests] = useState<GuestDraft[]>(() => guestRows(initialGuests, seats));
  const [guestProblems, setGuestProblems] = useState<GuestProblems>({});
  const [newsConsent, setNewsConsent] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = partyContactSchema.safeParse(values);
    const mealProblems = meals ? guestErrors(guests) : {};
    setGuestProblems(mealProblems);
    if (!result.success) {
      const found: Errors = {};
      for (const issue of result.error.issues) {
        const field = issue.path[0] as keyof PartyContact;
        found[field] ??= issueMessage(field, issue.code);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    if (Object.keys(mealProblems).length > 0) return;
    if (meals) onSubmit(result.data, toPartyGuests(guests), seatDrafts(guests, seats), newsConsent);
    else onSubmit(result.data, undefined, undefined, newsConsent);
  }

  return (
    <section className="fk-card" aria-labelledby="contact-heading">
      <h2 id="contact-heading" className="fk-card__title">
        <Trans>Your details</Trans>
      </h2>
      <form className="contact-form" onSubmit={submit} noValidate>
        {FIELDS.map((field) => (
          <label key={field.name} className="contact-form__field" htmlFor={`contact-${field.name}`}>
            <span>{i18n._(field.label)}</span>
            <input
              id={`contact-${field.name}`}
              name={field.name}
              type={field.type}
              inputMode={field.inputMode}
              autoComplete={field.autoComplete}
              value={values[field.name]}
              aria-invalid={errors[field.name] ? true : undefined}
              aria-describedby={errors[field.name] ? `contact-${field.name}-error` : undefined}
              onChange={(e) => {
                setValues({ ...values, [field.name]: e.target.value });
                if (errors[field.name]) setErrors({ ...errors, [field.name]: undefined });
              }}
            />
            {errors[field.name] ? (
              <span className="contact-form__error" id={`contact-${field.name}-error`}>
                {i18n._(errors[field.name]!)}
              </span>
            ) : null}
          </label>
        ))}
        {meals ? (
          <MealsSection
            meals={meals}
            seats={seats}
            guests={guests}
            errors={guestProblems}
            onChange={(index, guest) => {
              setGuests(guests.map((g, i) => (i === index ? guest : g)));
              if (guestProblems[index]) setGuestProblems({ ...guestProblems, [index]: undefined });
            }}
          />
        ) : null}
        <NewsConsentBox checked={newsConsent} onChange={setNewsConsent} />
        {error ? (
          <p className="fk-alert" role="alert">
            {error}
          </p>
        ) : null}
        <div className="party-actions">
          <button
            type="button"
            className="fk-btn fk-btn--large fk-btn--secondary"
            onClick={() => onBack(values, seatDrafts(guests, seats))}
          >
            <Trans comment="Button: back to the tickets step.">Back</Trans>
          </button>
          <button type="submit" className="fk-btn fk-btn--large" disabled={pending}>
            {pending ? t`Holding your tickets...` : t`Continue to Payment`}
          </button>
        </div>
      </form>
    </section>
  );
}
