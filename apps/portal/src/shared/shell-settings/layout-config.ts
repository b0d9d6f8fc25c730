import type { LayoutOptions, LayoutStyle } from '@reelcast/protocol';

export type { LayoutStyle };

/** A toolbar's or footer's options, every field set. */
export type BarConfig = { display: boolean; style: 'fixed' | 'static'; position: 'above' | 'below' };

/** A layout's options with every field set: the layout's defaults under what the user saved. */
export type LayoutConfig = {
  mode: 'boxed' | 'fullwidth' | 'container';
  scroll: 'body' | 'content';
  navbar: { display: boolean; folded: boolean; position: 'left' | 'right' };
  toolbar: BarConfig;
  footer: BarConfig;
  leftSidePanel: { display: boolean };
  rightSidePanel: { display: boolean };
};

/** SPEC §9: boxed max widths 1280 (vertical and horizontal navigation) and 1120 (compact); container 1120. */
export const BOXED_MAX_WIDTH: Record<LayoutStyle, number> = { layout1: 1280, layout2: 1280, layout3: 1120 };
export const CONTAINER_WIDTH = 1120;

const bar = (style: BarConfig['style'], position: BarConfig['position'] = 'below'): BarConfig => ({ display: true, style, position });
const panels = { leftSidePanel: { display: true }, rightSidePanel: { display: true } };

/**
 * Each layout's defaults: what a player who changed nothing sees, and what a style change resets to.
 * The window scrolls (`body`), unlike the template's content scroll: a phone's browser shows and hides
 * its address bar only as the window scrolls (a 100vh frame with its own scroller hides the page's
 * bottom behind it), and going back restores the window's scroll position.
 */
export const layoutDefaults: Record<LayoutStyle, LayoutConfig> = {
  layout1: {
    mode: 'fullwidth',
    scroll: 'body',
    navbar: { display: true, folded: false, position: 'left' },
    toolbar: bar('fixed'),
    footer: bar('static'),
    ...panels,
  },
  layout2: {
    mode: 'container',
    scroll: 'body',
    navbar: { display: true, folded: false, position: 'left' },
    toolbar: bar('fixed'),
    footer: bar('static'),
    ...panels,
  },
  layout3: {
    mode: 'container',
    scroll: 'body',
    navbar: { display: true, folded: false, position: 'left' },
    // Toolbar first, the navigation under it (SHELL.md horizontal compact).
    toolbar: bar('fixed', 'above'),
    footer: bar('static'),
    ...panels,
  },
};

/** Which modes a layout offers (SHELL.md: container for the horizontal ones only). */
export const layoutModes: Record<LayoutStyle, readonly LayoutConfig['mode'][]> = {
  layout1: ['boxed', 'fullwidth'],
  layout2: ['boxed', 'fullwidth', 'container'],
  layout3: ['boxed', 'fullwidth', 'container'],
};

/** The layout's config: its defaults under the saved options, merged once per change (two levels, no deep merge). */
export function resolveLayoutConfig(style: LayoutStyle, options: LayoutOptions = {}): LayoutConfig {
  const defaults = layoutDefaults[style];
  const mode = options.mode && layoutModes[style].includes(options.mode) ? options.mode : defaults.mode;
  return {
    mode,
    scroll: options.scroll ?? defaults.scroll,
    navbar: { ...defaults.navbar, ...options.navbar },
    toolbar: { ...defaults.toolbar, ...options.toolbar },
    footer: { ...defaults.footer, ...options.footer },
    leftSidePanel: { ...defaults.leftSidePanel, ...options.leftSidePanel },
    rightSidePanel: { ...defaults.rightSidePanel, ...options.rightSidePanel },
  };
}
