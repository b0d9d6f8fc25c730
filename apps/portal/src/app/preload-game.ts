/**
 * The game screen's code, loaded in the background once a lobby is on screen (routes.tsx `preloadGame`),
 * by the browser's own module loading: the build gives this import no preload list (vite.config.ts
 * `modulePreload`). With one, Vite's helper inserted a `<link rel="modulepreload">` for each of the
 * screen's ~20 files in one go, a task of 110-186 ms on a phone (4x CPU) right after the lobby showed;
 * the browser instead asks for each file's imports as the file arrives, each in a task of its own. A Play
 * click finds it loaded either way; a game screen opened directly keeps the router's import, with the list.
 */
export const loadGameRoute = () => import('./game-route');
