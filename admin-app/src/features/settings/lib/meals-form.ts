import dayjs, { type Dayjs } from 'dayjs';
import { isoToZonedWallTime, zonedWallTimeToIso, type MealSettings } from '@festival/contracts';

/** The Meals form: the options and allergens one per line, the closing time as the party's wall clock. */
export interface MealsForm {
  options: string;
  allergens: string;
  choicesCloseAt: Dayjs | null;
}

const lines = (text: string | undefined) =>
  (text ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

export function mealsForm(meals: MealSettings, timeZone: string): MealsForm {
  return {
    options: meals.options.join('\n'),
    allergens: meals.allergens.join('\n'),
    choicesCloseAt: meals.choicesCloseAt ? dayjs(isoToZonedWallTime(meals.choicesCloseAt, timeZone)) : null,
  };
}

/** The form as the section: one option or allergen per non-empty line, the time with the zone's offset. Checked by the caller. */
export function mealSettingsOf(form: MealsForm, timeZone: string): MealSettings {
  return {
    options: lines(form.options),
    allergens: lines(form.allergens),
    choicesCloseAt: form.choicesCloseAt ? zonedWallTimeToIso(form.choicesCloseAt.format('YYYY-MM-DDTHH:mm'), timeZone) : null,
  };
}
