import { Link } from 'react-router-dom';
import { APP_NAME } from '@/config/brand';
import { paths } from '@/config/paths';
import { classNames } from '@/lib/class-names';

/** The logo and the name, linking home: in the header, the footer and above the sign-in pages. */
export function BrandLink({ className }: { className?: string }) {
  return (
    <Link to={paths.home.getHref()} className={classNames('site-header__brand', className)}>
      <span className="site-header__logo" aria-hidden="true" />
      {APP_NAME}
    </Link>
  );
}
