import { useLocation } from 'react-router-dom';
import { LandingPage } from '../features/landing/components/landing-page';
import { PartyPage } from '../features/party/components/party-page';

/** The public-site remote: the landing page at `/` and the party tickets at `/diwali-party`. */
export default function App() {
  const { pathname } = useLocation();
  return pathname.startsWith('/diwali-party') ? <PartyPage /> : <LandingPage />;
}
