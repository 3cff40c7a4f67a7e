/**
 * Libraries the shell and every remote share as singletons through Module Federation, so a
 * page carries one React, one router, one query client context and one zustand.
 */
export const SHARED_SINGLETONS = {
  react: { singleton: true, requiredVersion: '^19.0.0' },
  'react-dom': { singleton: true, requiredVersion: '^19.0.0' },
  // react-router-dom is shared through @festival/router, which re-exports the parts of it the
  // site uses: a share is bundled whole, and react-router-dom itself is four times larger.
  // Apps import routing from @festival/router only (a lint rule forbids react-router-dom).
  '@festival/router': { singleton: true, requiredVersion: '^1.0.0' },
  '@tanstack/react-query': { singleton: true, requiredVersion: '^5.0.0' },
  zustand: { singleton: true, requiredVersion: '^5.0.0' },
};

/** Resolve workspace packages to their TypeScript sources in every Vite build. */
export const SOURCE_CONDITIONS = ['source'];
