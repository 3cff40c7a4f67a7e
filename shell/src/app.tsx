import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@festival/web-kit/query-client';
import { useState } from 'react';
import { BrowserRouter, Route, Routes } from '@festival/router';
import { NotFoundPage } from './not-found-page';
import { RemoteRoute } from './remote-route';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <Routes>
          <Route path="/" element={<RemoteRoute name="public_site" />} />
          <Route path="/diwali-party" element={<RemoteRoute name="public_site" />} />
          <Route path="/drinks/*" element={<RemoteRoute name="drinks_app" />} />
          <Route path="/admin/*" element={<RemoteRoute name="admin_app" />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
