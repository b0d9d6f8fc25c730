/** The idle lock's z-index: above the app's dialogs (the game's idle prompt), drawers, toasts and tooltips (MUI: 1300–1500). */
export const LOCK_Z_INDEX = 1600;
/** The lock's backdrop: opaque, so nothing of the page behind it (a balance, a chat) can be read. */
export const LOCK_BACKDROP = 'rgb(12, 14, 20)';

/** A blank cover over the whole app while the locked screen's dialog loads (a reload while locked). */
export function LockCover() {
  return <div aria-busy="true" style={{ position: 'fixed', inset: 0, zIndex: LOCK_Z_INDEX, background: LOCK_BACKDROP }} />;
}
