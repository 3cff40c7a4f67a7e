/** The build's release name (VITE_RELEASE), shown discreetly in the footer when set. */
export const RELEASE: string | undefined = (import.meta.env.VITE_RELEASE as string | undefined) || undefined;
