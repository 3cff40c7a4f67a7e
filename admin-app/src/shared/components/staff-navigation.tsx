import { useEffect, useId, useState } from 'react';
import type { StaffRole } from '@festival/contracts';
import { useLocation, useNavigate } from '@festival/router';
import { currentStaffPage, staffPageGroupsFor } from '../lib/staff-pages';
import './staff-navigation.css';

/**
 * The staff navigation above every staff page: the dashboard, then the pages grouped by what the
 * staff do (the night, money, marketing, set-up), each group showing only the pages `role` may
 * open. The current page is marked (`aria-current="page"`). On a narrow screen the groups fold
 * behind a `Menu` button.
 */
export function StaffNavigation({ role }: { role: StaffRole }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const groupsId = useId();
  const current = currentStaffPage(pathname);
  const groups = staffPageGroupsFor(role);
  const currentLabel = groups.flatMap((group) => group.pages).find((page) => page.path === current)?.label;

  // A page changed (by the menu or otherwise): the folded menu closes.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const close = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', close);
    return () => document.removeEventListener('keydown', close);
  }, [open]);

  return (
    <nav aria-label="Staff pages" className={open ? 'staff-nav staff-nav--open' : 'staff-nav'}>
      <div className="staff-nav__inner">
        <div className="staff-nav__bar">
          <button
            type="button"
            className="staff-nav__menu"
            aria-expanded={open}
            aria-controls={groupsId}
            onClick={() => setOpen((isOpen) => !isOpen)}
          >
            <span aria-hidden="true" className="staff-nav__menu-icon">
              {open ? '✕' : '☰'}
            </span>
            Menu
          </button>
          {currentLabel ? (
            <span className="staff-nav__here" aria-hidden="true">
              {currentLabel}
            </span>
          ) : null}
        </div>
        <div id={groupsId} className="staff-nav__groups">
          {groups.map((group, index) => {
            const labelId = group.label ? `${groupsId}-group-${index}` : undefined;
            return (
              <div key={group.label ?? 'home'} className="staff-nav__group" role={labelId ? 'group' : undefined} aria-labelledby={labelId}>
                {group.label ? (
                  <span id={labelId} className="staff-nav__label">
                    {group.label}
                  </span>
                ) : null}
                <ul className="staff-nav__links">
                  {group.pages.map((page) => (
                    <li key={page.path}>
                      <button
                        type="button"
                        className="staff-nav__link"
                        aria-current={page.path === current ? 'page' : undefined}
                        onClick={() => {
                          setOpen(false);
                          if (page.path !== current) navigate(page.path);
                        }}
                      >
                        {page.label}
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
        </div>
      </div>
    </nav>
  );
}
