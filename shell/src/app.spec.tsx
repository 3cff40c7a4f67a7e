import { render, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from '@festival/router';
import { MemoryRouter } from '@festival/router/memory';
import type { RemoteName } from '@festival/contracts';
import { AppRoutes } from './app';
import { RemoteLoaderContext, type RemoteLoader } from './remote-loader';

/**
 * A remote naming the page it draws. Those with pages below their path route among them
 * relative to where the shell mounts them, as drinks-app and admin-app do.
 */
function stubRemote(name: RemoteName) {
  function Page() {
    return <p>{`${name} draws ${useLocation().pathname}`}</p>;
  }
  if (name === 'public_site') return Page;
  return function StubApp() {
    return (
      <Routes>
        <Route index element={<Page />} />
        <Route path="checkout" element={<Page />} />
        <Route path="login" element={<Page />} />
        <Route path="*" element={<p>{`${name} fallback`}</p>} />
      </Routes>
    );
  };
}

const loadRemote: RemoteLoader = async (name) => ({ default: stubRemote(name) });

function renderAt(path: string) {
  return render(
    <RemoteLoaderContext value={loadRemote}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </RemoteLoaderContext>,
  );
}

describe('the shell routes', () => {
  it.each([
    ['/', 'public_site'],
    ['/diwali-party', 'public_site'],
    ['/drinks', 'drinks_app'],
    ['/drinks/checkout', 'drinks_app'],
    ['/admin', 'admin_app'],
    ['/admin/login', 'admin_app'],
  ])('give %s to the %s remote', async (path, remote) => {
    renderAt(path);
    expect(await screen.findByText(`${remote} draws ${path}`)).toBeTruthy();
  });

  it.each(['/nope', '/drinks/nope', '/admin/nope', '/diwali-party/nope', '/drinks/checkout/x', '/drinks/'])(
    'show the 404 page at %s',
    async (path) => {
      renderAt(path);
      expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeTruthy();
      expect(screen.queryByText(/fallback|draws/)).toBeNull();
    },
  );
});
