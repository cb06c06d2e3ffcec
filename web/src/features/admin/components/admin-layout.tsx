import { Suspense } from 'react';
import { Link, NavLink, Outlet } from 'react-router-dom';
import { ADMIN_NAVIGATION, paths } from '@/config/paths';
import { PageLoader } from '@/components/ui/page-loader';
import { Button } from '@/components/ui/button';
import { APP_NAME } from '@/config/brand';
import { useSession } from '@/features/auth/auth-public';
import { useWorkCounts } from '../work-counts/api/get-work-counts';
import { WorkCountBadge, waitingCount, workCountDescriptionId } from '../work-counts/components/work-count-badge';
import { NAV_WORK_KINDS } from '../work-counts/lib/nav-work-kinds';
import { AdminThemeProvider } from './admin-theme';
import './admin-layout.css';

/**
 * The back-office frame: a sidebar with every admin section, the count of work waiting beside the
 * sections that have some (read every 30 seconds), and the signed-in admin in its footer, with
 * logout (to /admin-login). No site header or footer here. Every admin screen is inside the
 * Amplify UI theme, loaded with this chunk only.
 */
export default function AdminLayout() {
  const { user, signOut } = useSession();
  const workCounts = useWorkCounts().data?.counts;
  return (
    <AdminThemeProvider>
      <div className="admin-layout">
        <aside className="admin-layout__sidebar">
          <Link to={paths.admin.dashboard.getHref()} className="admin-layout__brand">
            {APP_NAME} <span className="admin-layout__badge">Admin</span>
          </Link>
          <nav aria-label="Admin">
            <ul className="admin-layout__nav">
              {ADMIN_NAVIGATION.map((section) => {
                const kind = NAV_WORK_KINDS.get(section.path);
                const count = waitingCount(workCounts, kind);
                return (
                  <li key={section.path}>
                    {/* NavLink matches by prefix, so nested views keep their section highlighted. */}
                    <NavLink
                      to={section.getHref()}
                      className="admin-layout__link"
                      aria-describedby={kind && count !== null ? workCountDescriptionId(kind) : undefined}
                    >
                      {section.title}
                      {kind && count !== null && <WorkCountBadge count={count} kind={kind} />}
                    </NavLink>
                  </li>
                );
              })}
            </ul>
          </nav>
          <div className="admin-layout__account">
            {user && (
              <>
                <span className="admin-layout__username">{user.username}</span>
                <span className="admin-layout__email">{user.email}</span>
              </>
            )}
            <Button
              variant="secondary"
              className="admin-layout__logout"
              onClick={() => signOut({ to: paths.adminLogin.path })}
            >
              Logout
            </Button>
          </div>
        </aside>
        <main className="admin-layout__main">
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </AdminThemeProvider>
  );
}
