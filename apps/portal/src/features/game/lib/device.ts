/** iPhones and iPads (iPadOS reports itself as a Mac with touch): no Fullscreen API for pages. */
export function isIOS(nav: Navigator = navigator): boolean {
  return /iPad|iPhone|iPod/.test(nav.userAgent) || (nav.platform === 'MacIntel' && nav.maxTouchPoints > 1);
}
