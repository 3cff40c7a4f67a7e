import { Plural, Trans, useLingui } from '@lingui/react/macro';
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

/** What is wrong with a seat's row: no meal chosen (`Choose a meal`), or a note too long. */
export type GuestProblem = 'meal' | 'note';

/** The rows' problems by row; a row without one is left out (or undefined once the guest fixes it). */
export type GuestProblems = Record<number, GuestProblem | undefined>;

export function guestErrors(drafts: readonly GuestDraft[]): GuestProblems {
  const errors: GuestProblems = {};
  drafts.forEach((draft, index) => {
    if (!draft.meal) errors[index] = 'meal';
    else if (draft.note.trim().length > MAX_DIETARY_NOTE) errors[index] = 'note';
  });
  return errors;
}

/** A row's problem in the page's language. */
function GuestProblemText({ problem }: { problem: GuestProblem }) {
  const maxLength = MAX_DIETARY_NOTE;
  return problem === 'meal' ? (
    <Trans>Choose a meal</Trans>
  ) : (
    <Plural
      value={maxLength}
      one="Other dietary needs cannot be longer than # character"
      other="Other dietary needs cannot be longer than # characters"
    />
  );
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
  errors: GuestProblems;
  onChange: (index: number, guest: GuestDraft) => void;
}

/**
 * The contact step's `Meals` (docs/meals.md): one row per seat (children included; under-5s who
 * need no seat are not asked) with `Guest name` (optional), `Meal` (required), the season's
 * allergens and `Other dietary needs`. Shown only when the season has meal options.
 */
export function MealsSection({ meals, seats, guests, errors, onChange }: MealsSectionProps) {
  const { t } = useLingui();
  return (
    <section className="meals-section" aria-labelledby="meals-heading">
      <h3 id="meals-heading" className="meals-section__title">
        <Trans comment="Heading: the meal each guest chooses for the party's dinner.">Meals</Trans>
      </h3>
      <p className="party-hint">
        <Trans>Choose a meal for each guest with a ticket.</Trans>
      </p>
      {guests.map((guest, index) => {
        const id = `guest-${index}`;
        const error = errors[index];
        const guestNumber = index + 1;
        return (
          <fieldset key={id} className="meals-section__guest">
            <legend>
              {t({ message: `Guest ${guestNumber}`, comment: 'A guest of the order, by number (Guest 1, Guest 2).' })}
              {seats[index] && seats[index].ticketSeats > 1 ? ` · ${seats[index].ticketLabel}` : null}
            </legend>
            <label className="contact-form__field" htmlFor={`${id}-name`}>
              <span>
                <Trans>Guest name</Trans>
              </span>
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
              <span>
                <Trans comment="Label of the meal choice of one guest.">Meal</Trans>
              </span>
              <select
                id={`${id}-meal`}
                value={guest.meal}
                required
                aria-invalid={error === 'meal' ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(e) => onChange(index, { ...guest, meal: e.target.value })}
              >
                <option value="">{t`Choose a meal`}</option>
                {meals.options.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            </label>
            {meals.allergens.length > 0 ? (
              <div className="meals-section__allergens" role="group" aria-label={t`Allergies of guest ${guestNumber}`}>
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
              <span>
                <Trans>Other dietary needs</Trans>
              </span>
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
                <GuestProblemText problem={error} />
              </span>
            ) : null}
          </fieldset>
        );
      })}
    </section>
  );
}
