import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { MAX_DIETARY_NOTE, MAX_GUEST_NAME, type GuestMeal } from '@festival/contracts';
import { useState, type FormEvent } from 'react';
import { ApiError } from '@festival/web-kit/api-client';
import { useChangeGuestMeal } from '../api/change-guest-meal';

const SAVE_FAILED = msg`We could not save this meal just now. Please try again.`;

interface GuestMealFormProps {
  orderId: string;
  guest: GuestMeal;
  meals: { options: string[]; allergens: string[] };
}

/** One seat's meal while meals are open: `Meal`, the season's allergens, `Other dietary needs`, `Save`. */
export function GuestMealForm({ orderId, guest, meals }: GuestMealFormProps) {
  const { t, i18n } = useLingui();
  const change = useChangeGuestMeal(orderId, guest.seat);
  const [name, setName] = useState(guest.name ?? '');
  const [meal, setMeal] = useState(guest.meal);
  const [allergens, setAllergens] = useState<string[]>(guest.allergens);
  const [note, setNote] = useState(guest.note ?? '');
  const id = `meal-${orderId}-${guest.seat}`;

  function save(event: FormEvent) {
    event.preventDefault();
    change.mutate({
      ...(name.trim() ? { name: name.trim() } : {}),
      meal,
      allergens,
      ...(note.trim() ? { note: note.trim() } : {}),
    });
  }

  const saveFailed = i18n._(SAVE_FAILED);
  const failure = change.error instanceof ApiError ? (change.error.serverMessage ?? saveFailed) : change.error ? saveFailed : null;
  const seat = guest.seat;
  const options = meals.options.includes(meal) ? meals.options : [meal, ...meals.options];
  return (
    <form className="my-tickets-guest" onSubmit={save} aria-labelledby={`${id}-legend`}>
      <p className="my-tickets-guest__title" id={`${id}-legend`}>
        {t({ message: `Guest ${seat}`, comment: "The heading of one seat's meal form (seat is its number: Guest 2)." })}
      </p>
      <div className="my-tickets-form__field">
        <label htmlFor={`${id}-name`}>
          <Trans comment="The name of the guest on this seat (optional).">Guest name</Trans>
        </label>
        <input id={`${id}-name`} type="text" maxLength={MAX_GUEST_NAME} value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="my-tickets-form__field">
        <label htmlFor={`${id}-meal`}>
          <Trans comment="The meal chosen for this guest (the choices are the restaurant's).">Meal</Trans>
        </label>
        <select id={`${id}-meal`} value={meal} onChange={(e) => setMeal(e.target.value)}>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
      {meals.allergens.length > 0 ? (
        <div
          className="my-tickets-guest__allergens"
          role="group"
          aria-label={t({
            message: `Allergies of guest ${seat}`,
            comment: "The group of allergy boxes of one seat's meal (the allergens are the restaurant's words).",
          })}
        >
          {meals.allergens.map((allergen) => (
            <label key={allergen} className="my-tickets-guest__allergen">
              <input
                type="checkbox"
                checked={allergens.includes(allergen)}
                onChange={(e) =>
                  setAllergens(
                    e.target.checked
                      ? meals.allergens.filter((a) => a === allergen || allergens.includes(a))
                      : allergens.filter((a) => a !== allergen),
                  )
                }
              />
              <span>{allergen}</span>
            </label>
          ))}
        </div>
      ) : null}
      <div className="my-tickets-form__field">
        <label htmlFor={`${id}-note`}>
          <Trans>Other dietary needs</Trans>
        </label>
        <textarea id={`${id}-note`} rows={2} maxLength={MAX_DIETARY_NOTE} value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
      <button type="submit" className="fk-btn fk-btn--secondary" disabled={change.isPending}>
        <Trans comment="Button: saves this guest's meal.">Save</Trans>
      </button>
      <p className="my-tickets-answer" role="status">
        {change.isSuccess
          ? t({ message: `Guest ${seat}'s meal is saved.`, comment: "After Save: this seat's meal is kept (seat is its number)." })
          : ''}
      </p>
      {failure ? (
        <p className="fk-alert" role="alert">
          {failure}
        </p>
      ) : null}
    </form>
  );
}
