// The 404 page ('Page Not Found' with the path) and the generic error page, chosen by the route error.
import { isRouteErrorResponse, useLocation } from 'react-router-dom';
import { isStatusError, UNAVAILABLE_MESSAGE } from '../../contracts/errors';
import { Link } from '../components/link';
import type { ForbiddenInfo } from '../lib/loader-kit';
import { paths } from '../lib/paths';
import { useRouteErrorHead } from './root-layout';

function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <main id="main" className="error-page">
      <h1>Page Not Found</h1>
      <p>
        There is nothing at <code>{pathname}</code>.
      </p>
      <p>
        <Link to={paths.home()}>Go to the home page</Link>
      </p>
    </main>
  );
}

/** A page the signed-in user may not use (e.g. someone else's post editor): says so and offers a way on. */
function ForbiddenPage({ info }: { info: Partial<ForbiddenInfo> | undefined }) {
  return (
    <main id="main" className="error-page">
      <h1>{info?.title ?? 'You can’t open this page'}</h1>
      <p>{info?.detail ?? 'Your account is not allowed to use it.'}</p>
      <p>
        {info?.next ? (
          <>
            <Link to={info.next.href}>{info.next.label}</Link> ·{' '}
          </>
        ) : null}
        <Link to={paths.home()}>Go to the home page</Link>
      </p>
    </main>
  );
}

function ServerErrorPage() {
  return (
    <main id="main" className="error-page">
      <h1>Something went wrong</h1>
      <p>We could not show this page. Please try again in a moment.</p>
      <p>
        <a href={paths.home()}>Go to the home page</a>
      </p>
    </main>
  );
}

/** The database failed (a 503 `unavailable`): nothing is wrong with the page, so say to try again soon. */
function UnavailablePage() {
  return (
    <main id="main" className="error-page">
      <h1>Temporarily unavailable</h1>
      <p>{UNAVAILABLE_MESSAGE}</p>
      <p>
        <a href={paths.home()}>Go to the home page</a>
      </p>
    </main>
  );
}

export function RouteError() {
  const error = useRouteErrorHead();
  if (isStatusError(error) && error.code === 'unavailable') return <UnavailablePage />;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (isRouteErrorResponse(error) && error.status === 403) return <ForbiddenPage info={error.data as Partial<ForbiddenInfo> | undefined} />;
  return <ServerErrorPage />;
}
