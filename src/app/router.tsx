// Route table: public routes of SPEC section 2 in the public layout, everything else in
// the home shell (one layout route, so switching tools never remounts it). The guard sits
// above both.
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { lazy, Suspense } from 'react';
import { RouteErrorPage } from './LoadError';
import { PublicLayout } from './PublicLayout';
import { RouteGuard } from './RouteGuard';
import { PUBLIC_ROUTES } from './routes';

// The shell (and the date locale with it) is its own chunk: the login page does not load it.
const HomeShell = lazy(() => import('./HomeShell').then((m) => ({ default: m.HomeShell })));

export const routes: RouteObject[] = [
  {
    element: <RouteGuard />,
    errorElement: <RouteErrorPage />,
    children: [
      ...PUBLIC_ROUTES.map((route) => ({ path: `/${route}`, element: <PublicLayout route={route} /> })),
      {
        path: '/',
        element: <Suspense fallback={null}><HomeShell /></Suspense>,
        children: [{ index: true, element: null }, { path: '*', element: null }],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
