import { MyTicketsPage } from '../features/my-tickets/components/my-tickets-page';
import { LanguageProvider } from './my-tickets-languages';

/**
 * `/my-tickets` (and `/hi/my-tickets`, `/ta/my-tickets`), loaded only there: the guest's tickets
 * in the language of its path.
 */
export default function MyTicketsRoute() {
  return (
    <LanguageProvider>
      <MyTicketsPage />
    </LanguageProvider>
  );
}
