import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { PageFrame } from '@/components/layout/page-frame';
import { Button } from '@/components/ui/button';

const isChunkLoadError = (error: unknown) =>
  error instanceof TypeError && /dynamically imported module|Importing a module script failed/i.test(error.message);

/**
 * The error screen of a page that could not be shown (RouteErrorBoundary). Loaded eagerly: it
 * must work exactly when loading a page failed, typically because a new release replaced the
 * page's chunk while this tab was open.
 */
export function RouteErrorPage({ error }: { error: unknown }) {
  const lead = isChunkLoadError(error)
    ? 'A new version of the site is available. Reload the page to continue.'
    : 'This page could not be displayed. Reloading usually helps; if it keeps happening, please contact support.';
  return (
    <PageFrame title="Something went wrong" lead={lead}>
      <p>
        <Button onClick={() => window.location.reload()}>Reload page</Button>{' '}
        <Link to={paths.home.getHref()} reloadDocument>
          Back to home
        </Link>
      </p>
    </PageFrame>
  );
}
