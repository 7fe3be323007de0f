import { createBrowserRouter } from 'react-router-dom';
import { routes } from './routes';

/** The app's data router (react-router-dom 7). */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
