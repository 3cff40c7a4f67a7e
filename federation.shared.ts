/**
 * Libraries the shell and every remote share as singletons through Module Federation, so a
 * page carries one React, one router, one query client context and one zustand.
 */
export const SHARED_SINGLETONS = {
  react: { singleton: true, requiredVersion: '^19.0.0' },
  'react-dom': { singleton: true, requiredVersion: '^19.0.0' },
  'react-router-dom': { singleton: true, requiredVersion: '^7.0.0' },
  '@tanstack/react-query': { singleton: true, requiredVersion: '^5.0.0' },
  zustand: { singleton: true, requiredVersion: '^5.0.0' },
};

/** Resolve workspace packages to their TypeScript sources in every Vite build. */
export const SOURCE_CONDITIONS = ['source'];
