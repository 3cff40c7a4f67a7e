import { expect, test, type APIRequestContext } from '@playwright/test';
import type { KitchenCounts, MealSettings } from '../../packages/contracts/src/meals';
import type { SiteConfig } from '../../packages/contracts/src/site';
import { BASE_URL } from '../support/environment';
import { waitForMails } from '../support/mailbox';
import { PAYING_CARD } from '../support/party-orders';
import { managerPage } from '../support/staff-pages';
import { staffApi } from '../support/staff-api';

const NO_MEALS: MealSettings = { options: [], allergens: [], choicesCloseAt: null };
const EMAIL = 'meals.meera@example.com';

const countOf = (counts: KitchenCounts, option: string) => counts.meals.find((meal) => meal.option === option)?.count ?? 0;

test.describe('meals and dietary needs', () => {
  let staff: APIRequestContext;

  test.beforeAll(async () => {
    staff = await staffApi();
  });

  // Every other spec sees the party without meals: the options go, whatever happened here.
  test.afterAll(async () => {
    expect((await staff.put('/api/admin/settings/meals', { data: NO_MEALS })).ok()).toBe(true);
    await expect
      .poll(async () => ((await (await staff.get('/api/site')).json()) as SiteConfig).party.meals, { timeout: 10_000 })
      .toBeUndefined();
    await staff.dispose();
  });

  test('the manager sets meal options and allergens, a visitor picks a meal per seat with one allergy, and Kitchen Counts shows them', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const before = (await (await staff.get('/api/admin/kitchen')).json()) as KitchenCounts;

    // The manager's Meals section on /admin/settings.
    const manager = await managerPage(browser);
    await manager.goto('/admin/settings');
    const section = manager.getByRole('region', { name: 'Meals' });
    await expect(section.getByLabel('Meal options')).toBeVisible({ timeout: 30_000 });
    await section.getByLabel('Meal options').fill('Vegetarian\nNon-vegetarian\nJain');
    await section.getByLabel('Allergens').fill('peanuts\ntree nuts\ndairy\ngluten\nshellfish');
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(manager.getByText('Settings saved')).toBeVisible();
    // Through nginx the site configuration may be a second old: a new visitor comes once it has the meals.
    await expect
      .poll(async () => ((await (await staff.get('/api/site')).json()) as SiteConfig).party.meals?.options, { timeout: 10_000 })
      .toEqual(['Vegetarian', 'Non-vegetarian', 'Jain']);

    // A visitor buys 2 tickets, a meal for each seat and one allergy.
    const visitor = await (await browser.newContext({ baseURL: BASE_URL })).newPage();
    await visitor.goto('/diwali-party');
    await expect(visitor.getByRole('heading', { name: 'Diwali DJ Night' })).toBeVisible();
    await visitor.getByRole('button', { name: 'Increase adult tickets' }).click();
    await visitor.getByRole('button', { name: 'Increase adult tickets' }).click();
    await visitor.getByRole('button', { name: 'Continue', exact: true }).click();
    await visitor.getByLabel('First name').fill('Meera');
    await visitor.getByLabel('Last name').fill('Krishnan');
    await visitor.getByLabel('Email').fill(EMAIL);
    await visitor.getByLabel('Phone').fill('(408) 555-0134');
    const meals = visitor.getByRole('region', { name: 'Meals' });
    await expect(meals.getByRole('group', { name: /^Guest \d$/ })).toHaveCount(2);
    const first = meals.getByRole('group', { name: 'Guest 1' });
    await first.getByLabel('Guest name').fill('Meera');
    await first.getByLabel('Meal').selectOption('Vegetarian');
    await first.getByLabel('peanuts').check();
    await first.getByLabel('Other dietary needs').fill('No onion');
    // Going on without the second guest's meal is refused beside it.
    await visitor.getByRole('button', { name: 'Continue to Payment' }).click();
    const second = meals.getByRole('group', { name: 'Guest 2' });
    await expect(second.getByText('Choose a meal', { exact: true }).last()).toBeVisible();
    await second.getByLabel('Meal').selectOption('Jain');
    await visitor.getByRole('button', { name: 'Continue to Payment' }).click();

    await visitor.getByLabel('Card number').fill(PAYING_CARD.cardNumber);
    await visitor.getByLabel('Expiry').fill(PAYING_CARD.expiry);
    await visitor.getByLabel('CVC').fill(PAYING_CARD.cvc);
    await visitor.getByRole('button', { name: 'Complete Payment' }).click();
    await expect(visitor.getByRole('heading', { name: "You're All Set!" })).toBeVisible({ timeout: 30_000 });
    const reference = (await visitor.getByTestId('order-reference').textContent()) ?? '';
    const confirmed = visitor.getByRole('region', { name: 'Meals' });
    await expect(confirmed.getByRole('listitem')).toHaveText(['Guest 1, Meera: Vegetarian (peanuts; No onion)', 'Guest 2: Jain']);
    const [mail] = await waitForMails((m) => m.parsed.to?.some((a) => a.address === EMAIL) ?? false);
    expect(mail.parsed.text).toContain('Meals:\nGuest 1, Meera: Vegetarian (peanuts; No onion)\nGuest 2: Jain\n');

    // Kitchen Counts: one more Vegetarian and one more Jain, and Meera's allergy.
    await manager.goto('/admin/kitchen');
    await expect(manager.getByRole('heading', { name: 'Kitchen Counts' })).toBeVisible({ timeout: 30_000 });
    const counts = manager.getByRole('region', { name: 'Meals' });
    await expect(counts.getByRole('row', { name: /^Vegetarian/ })).toContainText(String(countOf(before, 'Vegetarian') + 1));
    await expect(counts.getByRole('row', { name: /^Jain/ })).toContainText(String(countOf(before, 'Jain') + 1));
    const allergy = manager.getByRole('region', { name: 'Allergies and dietary needs' }).getByRole('row', { name: new RegExp(reference) });
    await expect(allergy.getByRole('cell')).toHaveText(['Meera', 'Vegetarian', 'peanuts', 'No onion', reference]);
    await expect(manager.getByRole('button', { name: 'Print for the kitchen' })).toBeEnabled();
  });
});
