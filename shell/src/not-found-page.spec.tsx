import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from '@festival/router';
import { AppRoutes } from './app';
import { RemoteLoaderContext, type RemoteLoader } from './remote-loader';

const loadRemote: RemoteLoader = async (name) => ({ default: () => <p>{`${name} draws`}</p> });

/**
 * Rendered inside an awaited act: the 404 page waits for its language's catalogue (`use`), and
 * React resolves what suspended inside an act only when that act is awaited.
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

  it('is a chunk of its own that imports nothing the shell has: the shell loads no Lingui, and `/` no preload list for it', async () => {
    const { readFileSync } = await import('node:fs');
    const source = (file: string) => readFileSync(new URL(file, `file://${__filename}`), 'utf8');
    const app = source('./app.tsx');
    expect(app).toMatch(/lazy\(\(\) => import\('\.\/not-found-page'\)/);
    expect(app).not.toMatch(/from '\.\/not-found-page'/);
    expect(app).not.toMatch(/@lingui|web-kit\/i18n/);
    // Its only imports at run time: Lingui's core and its own catalogues (React comes as an argument).
    const runtimeImports = [...source('./not-found-page.tsx').matchAll(/^import (?!type )[^;]*? from '([^']+)';$/gm)].map((m) => m[1]);
    expect(runtimeImports).toEqual(['@lingui/core', './locales/en', './locales/hi', './locales/ta']);
  });
});
