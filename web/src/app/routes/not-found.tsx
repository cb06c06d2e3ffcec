import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { PageFrame } from '@/components/layout/page-frame';
import '@/components/ui/button.css';

export default function NotFoundRoute() {
  return (
    <PageFrame title="Page not found" lead="The page you are looking for does not exist or has moved.">
      <Link to={paths.home.getHref()} className="button button--primary">
        Back to home
      </Link>
    </PageFrame>
  );
}
