import { MAX_DIETARY_NOTE, MAX_GUEST_NAME, type MealChoices, type OrderSeat, type PartyGuest } from '@festival/contracts';
import './meals.css';

/** One seat's row as typed: the meal is empty until chosen. */
export interface GuestDraft {
  name: string;
  meal: string;
  allergens: string[];
  note: string;
}

export const emptyGuest = (): GuestDraft => ({ name: '', meal: '', allergens: [], note: '' });

/** A seat's row as typed, with the seat it was typed for: kept for that seat when the guest comes back. */
export interface SeatDraft {
  key: string;
  guest: GuestDraft;
}

/** A seat by its ticket (`Family Table 2, seat 3`): the same seat after tickets are added before it. */
const seatKey = (seat: OrderSeat) => `${seat.ticket}\u0000${seat.ticketNumber}\u0000${seat.place}`;

/** A row per seat, keeping what was typed for the seats that stay. */
export function guestRows(drafts: readonly SeatDraft[], seats: readonly OrderSeat[]): GuestDraft[] {
  const typed = new Map(drafts.map((draft) => [draft.key, draft.guest]));
  return seats.map((seat) => typed.get(seatKey(seat)) ?? emptyGuest());
}

/** The rows as typed, each with its seat, to keep. */
export const seatDrafts = (guests: readonly GuestDraft[], seats: readonly OrderSeat[]): SeatDraft[] =>
  guests.map((guest, index) => ({ key: seatKey(seats[index]!), guest }));

export function guestErrors(drafts: readonly GuestDraft[]): Record<number, string> {
  const errors: Record<number, string> = {};
  drafts.forEach((draft, index) => {
    if (!draft.meal) errors[index] = 'Choose a meal';
    else if (draft.note.trim().length > MAX_DIETARY_NOTE)
      errors[index] = `Other dietary needs cannot be longer than ${MAX_DIETARY_NOTE} characters`;
  });
  return errors;
}

/** The order request's `guests`: the name and note only when typed. */
export function toPartyGuests(drafts: readonly GuestDraft[]): PartyGuest[] {
  return drafts.map((draft) => ({
    ...(draft.name.trim() ? { name: draft.name.trim() } : {}),
    meal: draft.meal,
    allergens: draft.allergens,
    ...(draft.note.trim() ? { note: draft.note.trim() } : {}),
  }));
}

interface MealsSectionProps {
  meals: MealChoices;
  /** The order's seats, one per row: a seat of a ticket of several says which (`Guest 2 · Family Table`). */
  seats: readonly OrderSeat[];
  guests: GuestDraft[];
  errors: Record<number, string>;
  onChange: (index: number, guest: GuestDraft) => void;
}

/**
 * The contact step's `Meals` (docs/meals.md): one row per seat (children included; under-5s who
 * need no seat are not asked) with `Guest name` (optional), `Meal` (required), the season's
 * allergens and `Other dietary needs`. Shown only when the season has meal options.
 */
export function MealsSection({ meals, seats, guests, errors, onChange }: MealsSectionProps) {
  return (
    <section className="meals-section" aria-labelledby="meals-heading">
      <h3 id="meals-heading" className="meals-section__title">
        Meals
      </h3>
      <p className="party-hint">Choose a meal for each guest with a ticket.</p>
      {guests.map((guest, index) => {
        const id = `guest-${index}`;
        const error = errors[index];
        return (
          <fieldset key={id} className="meals-section__guest">
            <legend>
              {`Guest ${index + 1}`}
              {seats[index] && seats[index].ticketSeats > 1 ? ` · ${seats[index].ticketLabel}` : null}
            </legend>
            <label className="contact-form__field" htmlFor={`${id}-name`}>
              <span>Guest name</span>
              <input
                id={`${id}-name`}
                type="text"
                autoComplete="off"
                maxLength={MAX_GUEST_NAME}
                value={guest.name}
                onChange={(e) => onChange(index, { ...guest, name: e.target.value })}
              />
            </label>
            <label className="contact-form__field" htmlFor={`${id}-meal`}>
              <span>Meal</span>
              <select
                id={`${id}-meal`}
                value={guest.meal}
                required
                aria-invalid={error === 'Choose a meal' ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(e) => onChange(index, { ...guest, meal: e.target.value })}
              >
                <option value="">Choose a meal</option>
                {meals.options.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            </label>
            {meals.allergens.length > 0 ? (
              <div className="meals-section__allergens" role="group" aria-label={`Allergies of guest ${index + 1}`}>
                {meals.allergens.map((allergen) => (
                  <label key={allergen} className="meals-section__allergen">
                    <input
                      type="checkbox"
                      checked={guest.allergens.includes(allergen)}
                      onChange={(e) =>
                        onChange(index, {
                          ...guest,
                          allergens: e.target.checked
                            ? meals.allergens.filter((a) => a === allergen || guest.allergens.includes(a))
                            : guest.allergens.filter((a) => a !== allergen),
                        })
                      }
                    />
                    <span>{allergen}</span>
                  </label>
                ))}
              </div>
            ) : null}
            <label className="contact-form__field" htmlFor={`${id}-note`}>
              <span>Other dietary needs</span>
              <textarea
                id={`${id}-note`}
                rows={2}
                maxLength={MAX_DIETARY_NOTE}
                value={guest.note}
                onChange={(e) => onChange(index, { ...guest, note: e.target.value })}
              />
            </label>
            {error ? (
              <span className="contact-form__error" id={`${id}-error`}>
                {error}
              </span>
            ) : null}
          </fieldset>
        );
      })}
    </section>
  );
}
