/** Full page loads, behind one seam so tests can observe them. */
export function reloadTo(path: string): void {
  window.location.replace(path);
}
