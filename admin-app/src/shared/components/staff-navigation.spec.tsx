import { fireEvent, render, screen, within } from '@testing-library/react';
import type { StaffRole } from '@festival/contracts';
import { Route, Routes, useLocation } from '@festival/router';
import { MemoryRouter } from '@festival/router/memory';
import { STAFF_PAGE_GROUPS, currentStaffPage, staffPageGroupsFor } from '../lib/staff-pages';
import { StaffNavigation } from './staff-navigation';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderNavigation(role: StaffRole, path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <StaffNavigation role={role} />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
  return screen.getByRole('navigation', { name: 'Staff pages' });
}

const names = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('button')
    .map((button) => button.textContent?.trim())
    .filter((name) => !name?.endsWith('Menu'));

describe('the staff navigation', () => {
  it('gives the manager every page, grouped by the night, money, marketing and set-up', () => {
    const nav = renderNavigation('manager', '/admin');
    expect(names(nav)).toEqual([
      'Dashboard',
      'Door',
      'Bar',
      'Pickups',
      'Kitchen',
      'Reports',
      'Waitlist',
      'Email Campaigns',
      'Drinks QR Code',
      'Settings',
      'Devices',
      'Guests',
      'Activity',
    ]);
    const night = within(nav).getByRole('group', { name: 'The night' });
    expect(
      within(night)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Door', 'Bar', 'Pickups', 'Kitchen']);
    expect(within(nav).getByRole('group', { name: 'Money' }).textContent).toContain('Reports');
    expect(within(nav).getByRole('group', { name: 'Marketing' }).textContent).toContain('Drinks QR Code');
    expect(within(nav).getByRole('group', { name: 'Set-up' }).textContent).toContain('Activity');
  });

  it('gives a door device the door, the pickups and the kitchen, and a bar device the bar', () => {
    expect(names(renderNavigation('door', '/admin/door'))).toEqual(['Door', 'Pickups', 'Kitchen']);
    expect(staffPageGroupsFor('bar')).toEqual([{ label: 'The night', pages: [expect.objectContaining({ path: '/admin/bar' })] }]);
  });

  it('marks the current page, and goes to another', () => {
    const nav = renderNavigation('manager', '/admin/reports/');
    expect(within(nav).getByRole('button', { name: 'Reports' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('button', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
    fireEvent.click(within(nav).getByRole('button', { name: 'Settings' }));
    expect(screen.getByTestId('where').textContent).toBe('/admin/settings');
    expect(within(nav).getByRole('button', { name: 'Settings' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('button', { name: 'Reports' }).getAttribute('aria-current')).toBeNull();
  });

  it('folds behind a Menu button that opens and closes the groups', () => {
    const nav = renderNavigation('manager', '/admin');
    const menu = within(nav).getByRole('button', { name: 'Menu' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById(menu.getAttribute('aria-controls')!)?.textContent).toContain('Devices');
    fireEvent.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(nav.className).toContain('staff-nav--open');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(menu);
    fireEvent.click(within(nav).getByRole('button', { name: 'Door' }));
    expect(screen.getByTestId('where').textContent).toBe('/admin/door');
    expect(menu.getAttribute('aria-expanded')).toBe('false');
  });

  it('knows the dashboard at /admin and /admin/, and no page elsewhere', () => {
    expect(currentStaffPage('/admin')).toBe('/admin');
    expect(currentStaffPage('/admin/')).toBe('/admin');
    expect(currentStaffPage('/admin/login')).toBeUndefined();
    expect(new Set(STAFF_PAGE_GROUPS.flatMap((g) => g.pages.map((p) => p.path))).size).toBe(13);
  });
});
