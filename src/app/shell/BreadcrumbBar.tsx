import { Fragment } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { IconButton, Text } from '@radix-ui/themes';
import { ArrowLeftIcon, ChevronRightIcon } from '@radix-ui/react-icons';
import { useCurrentRoute } from '../route-handle';
import { isAtOrBelow } from '../../navigation/route-access';

const HIDDEN_ON = new Set(['Dashboard', 'Login', 'Register']);

/** Where Back goes when there is no in-app history (a fresh tab or a pasted link). */
export function backFallbackFor(pathname: string): string {
  return isAtOrBelow(pathname, '/agents') && pathname !== '/agents' ? '/agents' : '/dashboard';
}

/** Back button, product name, then the route's trail (spec 000 §2). */
export function BreadcrumbBar() {
  const location = useLocation();
  const navigate = useNavigate();
  const current = useCurrentRoute();
  if (!current || HIDDEN_ON.has(current.handle.name)) return null;
  const crumbs = current.handle.crumbs(current.params);

  const goBack = () => {
    // React Router gives the first location of a session the key 'default': nothing to go back to.
    if (location.key !== 'default') void navigate(-1);
    else void navigate(backFallbackFor(location.pathname));
  };

  return (
    <nav className="breadcrumb-bar" aria-label="Breadcrumb">
      <IconButton variant="ghost" color="gray" size="2" aria-label="Go back" onClick={goBack}>
        <ArrowLeftIcon />
      </IconButton>
      <ol className="breadcrumb-trail">
        <li>
          <RouterLink to="/dashboard" className="breadcrumb-link breadcrumb-link--product">
            Mosaic
          </RouterLink>
        </li>
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <Fragment key={`${crumb.label}-${index}`}>
              <li aria-hidden="true" className="breadcrumb-separator">
                <ChevronRightIcon />
              </li>
              <li>
                {crumb.to && !last ? (
                  <RouterLink to={crumb.to} className="breadcrumb-link">
                    {crumb.label}
                  </RouterLink>
                ) : (
                  <Text size="2" weight="medium" aria-current={last ? 'page' : undefined} className="breadcrumb-current">
                    {crumb.label}
                  </Text>
                )}
              </li>
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}
