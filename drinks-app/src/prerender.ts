/**
 * The drinks-app remote's pre-render entry (`drinks-app/prerender`): the App the shell's
 * pre-render build draws the frame of `/drinks` with, the same one the remote exposes.
 */
export { default as App } from './app/app';
