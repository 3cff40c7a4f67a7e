import { Panel } from '#shared/components/panel.tsx';
import { palette } from '#shared/theme/admin-theme.ts';
import './dashboard-skeleton.css';

/** A title bar and `rows` text lines, shimmering while the page loads. */
function Lines({ rows }: { rows: number }) {
  return (
    <div className="dashboard-skeleton__lines">
      <span className="dashboard-skeleton__bar dashboard-skeleton__bar--title" />
      {Array.from({ length: rows }, (_, i) => (
        <span key={i} className="dashboard-skeleton__bar" style={i === rows - 1 ? { width: '60%' } : undefined} />
      ))}
    </div>
  );
}

/**
 * The dashboard's shape while the session is checked and the page loads. Drawn with CSS, not
 * antd's Skeleton and grid: it is part of every staff page's first download.
 */
export function DashboardSkeleton() {
  return (
    <div style={{ minHeight: '100vh', background: palette.cream }} aria-busy="true">
      <span role="status" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        Loading the dashboard…
      </span>
      <div style={{ background: palette.aubergine, borderBottom: `4px solid ${palette.marigold}`, height: 132 }} />
      <div className="dashboard-skeleton">
        <Panel>
          <Lines rows={3} />
        </Panel>
        <div className="dashboard-skeleton__pair">
          <Panel>
            <Lines rows={6} />
          </Panel>
          <Panel>
            <Lines rows={6} />
          </Panel>
        </div>
        <Panel>
          <Lines rows={4} />
        </Panel>
      </div>
    </div>
  );
}
