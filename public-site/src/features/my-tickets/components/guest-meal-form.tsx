import { MAX_DIETARY_NOTE, MAX_GUEST_NAME, type GuestMeal } from '@festival/contracts';
import { useState, type FormEvent } from 'react';
import { ApiError } from '@festival/web-kit/api-client';
import { useChangeGuestMeal } from '../api/change-guest-meal';

const SAVE_FAILED = 'We could not save this meal just now. Please try again.';

interface GuestMealFormProps {
  orderId: string;
  guest: GuestMeal;
  meals: { options: string[]; allergens: string[] };
}

/** One seat's meal while meals are open: `Meal`, the season's allergens, `Other dietary needs`, `Save`. */
export function GuestMealForm({ orderId, guest, meals }: GuestMealFormProps) {
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

  const failure = change.error instanceof ApiError ? (change.error.serverMessage ?? SAVE_FAILED) : change.error ? SAVE_FAILED : null;
  const options = meals.options.includes(meal) ? meals.options : [meal, ...meals.options];
  return (
    <form className="my-tickets-guest" onSubmit={save} aria-labelledby={`${id}-legend`}>
      <p className="my-tickets-guest__title" id={`${id}-legend`}>
        {`Guest ${guest.seat}`}
      </p>
      <div className="my-tickets-form__field">
        <label htmlFor={`${id}-name`}>Guest name</label>
        <input id={`${id}-name`} type="text" maxLength={MAX_GUEST_NAME} value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="my-tickets-form__field">
        <label htmlFor={`${id}-meal`}>Meal</label>
        <select id={`${id}-meal`} value={meal} onChange={(e) => setMeal(e.target.value)}>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
      {meals.allergens.length > 0 ? (
        <div className="my-tickets-guest__allergens" role="group" aria-label={`Allergies of guest ${guest.seat}`}>
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
        <label htmlFor={`${id}-note`}>Other dietary needs</label>
        <textarea id={`${id}-note`} rows={2} maxLength={MAX_DIETARY_NOTE} value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
      <button type="submit" className="fk-btn fk-btn--secondary" disabled={change.isPending}>
        Save
      </button>
      <p className="my-tickets-answer" role="status">
        {change.isSuccess ? `Guest ${guest.seat}'s meal is saved.` : ''}
      </p>
      {failure ? (
        <p className="fk-alert" role="alert">
          {failure}
        </p>
      ) : null}
    </form>
  );
}
