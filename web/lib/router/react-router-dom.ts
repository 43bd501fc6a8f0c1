// Stands in for the package 'react-router-dom' in the browser build (vite.config.ts): the names this app
// imports from it, served by the small router in this folder (docs/decisions/073). The Worker renders
// with React Router itself; the markup and the data are the same on both sides.
export { data, isRouteErrorResponse, redirect } from './responses';
export { Form, Link, NavLink } from './links';
export {
  Outlet,
  RouterProvider,
  useBlocker,
  useLoaderData,
  useLocation,
  useMatches,
  useNavigate,
  useNavigation,
  useRevalidator,
  useRouteError,
  useRouteLoaderData,
  useSearchParams,
} from './render';
