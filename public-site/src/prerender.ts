/**
 * The public-site remote's pre-render entry (`public-site/prerender`): the App the shell's
 * pre-render build draws `/` and `/diwali-party` with, the same one the remote exposes.
 */
export { default as App } from './app/app';
