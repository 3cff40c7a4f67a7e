import './status-panel.css';
import type { ReactNode } from 'react';
import { DiyaIcon } from '@festival/web-kit/diya-icon';

interface StatusPanelProps {
  tone: 'working' | 'success' | 'error' | 'empty';
  title: string;
  children?: ReactNode;
}

/** The designed loading, success, error and empty states of the drinks screens. */
export function StatusPanel({ tone, title, children }: StatusPanelProps) {
  return (
    <section className={`status-panel status-panel--${tone}`} role={tone === 'error' ? 'alert' : 'status'} aria-busy={tone === 'working'}>
      <div className="status-panel__icon">
        {tone === 'working' ? <span className="drinks-spinner" aria-hidden="true" /> : null}
        {tone === 'success' ? <DiyaIcon size={64} className="diya" /> : null}
        {tone === 'error' ? (
          <span className="status-panel__mark" aria-hidden="true">
            !
          </span>
        ) : null}
        {tone === 'empty' ? (
          <svg className="status-panel__glass" viewBox="0 0 48 48" width="56" height="56" aria-hidden="true" focusable="false">
            <path d="M12 10h24l-3 30H15z" fill="none" strokeWidth="3" strokeLinejoin="round" />
            <path d="M14 20h20" strokeWidth="3" />
          </svg>
        ) : null}
      </div>
      <h2 className="status-panel__title">{title}</h2>
      {children}
    </section>
  );
}
