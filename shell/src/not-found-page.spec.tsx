import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from '@festival/router/memory';
import { AppRoutes } from './app';
import { RemoteLoaderContext, type RemoteLoader } from './remote-loader';

const loadRemote: RemoteLoader = async (name) => ({ default: () => <p>{`${name} draws`}</p> });

/**
 * Rendered inside an awaited act: the 404 page is a lazy chunk, and React resolves what suspended
 * inside an act only when that act is awaited.
 */
async function renderAt(path: string) {
  await act(async () => {
    render(
      <RemoteLoaderContext value={loadRemote}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
        </MemoryRouter>
      </RemoteLoaderContext>,
    );
  });
}

describe('the 404 page in the language of its path', () => {
  it.each([
    ['/nope', 'en', '404 Page Not Found', 'Go to the home page'],
    ['/drinks/nope', 'en', '404 Page Not Found', 'Go to the home page'],
    ['/hi/nope', 'hi', '404 पेज नहीं मिला', 'होम पेज पर जाएँ'],
    ['/hi/drinks/nope', 'hi', '404 पेज नहीं मिला', 'होम पेज पर जाएँ'],
    ['/hi', 'hi', '404 पेज नहीं मिला', 'होम पेज पर जाएँ'],
    ['/ta/nope', 'ta', '404 பக்கம் கிடைக்கவில்லை', 'முகப்புப் பக்கத்துக்குச் செல்லுங்கள்'],
    ['/ta/admin', 'ta', '404 பக்கம் கிடைக்கவில்லை', 'முகப்புப் பக்கத்துக்குச் செல்லுங்கள்'],
  ])('%s is the 404 page in %s', async (path, language, heading, home) => {
    await renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    // The home page is English only: the link is `/` in every language.
    expect(screen.getByRole('link', { name: home }).getAttribute('href')).toBe('/');
    expect(document.documentElement.lang).toBe(language);
    expect(screen.queryByText(/draws/)).toBeNull();
  });
});
