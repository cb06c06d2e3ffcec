import type { ReactNode } from 'react';
import { paths } from '@/config/paths';
import { PageLoader } from '@/components/ui/page-loader';
import { DASHBOARD_TABS } from '../lib/dashboard-state';
import './dashboard-frame.css';

interface DashboardFrameProps {
  /** Behind everything (the particle background). */
  background?: ReactNode;
  sidebar: ReactNode;
  /** The open section. */
  children: ReactNode;
  /** After the layout (the payment dialog). */
  after?: ReactNode;
}

/**
 * The customer dashboard's stage: its heading, the sidebar and the open section.
 * The page and its loading state both use it, so the one takes the other's place without the
 * heading or the footer moving.
 */
export function DashboardFrame({ background, sidebar, children, after }: DashboardFrameProps) {
  return (
    <div className="dashboard">
      {background}
      <div className="dashboard__layout">
        <h1 className="dashboard__title">{paths.dashboard.title}</h1>
        <aside className="dashboard__sidebar">{sidebar}</aside>
        <div className="dashboard__content">{children}</div>
      </div>
      {after}
    </div>
  );
}

/**
 * The dashboard while the session is checked or the page's code loads: its frame, with stand-ins
 * for the greeting and the tabs. It holds nobody's data, so it is also the dashboard's prerendered
 * HTML (scripts/build-site.ts): the page paints before any JavaScript runs.
 */
export function DashboardSkeleton() {
  return (
    <DashboardFrame
      sidebar={
        <>
          <span className="skeleton dashboard-skeleton__greeting" />
          <span className="dashboard-skeleton__tabs">
            {DASHBOARD_TABS.map((tab) => (
              <span key={tab.id} className="skeleton dashboard-skeleton__tab" />
            ))}
          </span>
        </>
      }
    >
      {/* "Loading...", the text the route guard shows while it checks the session. */}
      <PageLoader />
    </DashboardFrame>
  );
}
