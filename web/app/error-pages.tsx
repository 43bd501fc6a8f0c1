// The 404 page ('Page Not Found' with the path) and the generic error page, chosen by the route error.
import { isRouteErrorResponse, Link, useLocation } from 'react-router-dom';
import { paths } from './paths';
import { useRouteErrorHead } from './root-layout';

export function NotFoundPage() {
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

export function ServerErrorPage() {
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

export function RouteError() {
  const error = useRouteErrorHead();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <ServerErrorPage />;
}
