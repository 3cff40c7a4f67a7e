/**
 * The one router of the page. The shell and every remote import routing from here, and Module
 * Federation shares this module as a singleton: one router context for the whole page, and a
 * shared bundle that holds only the parts of react-router-dom the site uses (a share is bundled
 * whole, so sharing react-router-dom itself would ship all of it, about four times as much).
 * Add an export here before using another part of react-router-dom. The pre-render's and the
 * tests' MemoryRouter is in `@festival/router/memory`, outside the share.
 */
export {
  BrowserRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
export type { LinkProps, NavigateFunction, NavLinkProps } from 'react-router-dom';
