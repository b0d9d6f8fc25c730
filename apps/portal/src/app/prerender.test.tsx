import { describe, expect, it } from 'vitest';
import { matchesViewport } from './prerender';

describe('matchesViewport', () => {
  it("answers MUI's width queries as at the viewport's width", () => {
    expect(matchesViewport('(min-width:600px)', { width: 1280 })).toBe(true);
    expect(matchesViewport('(max-width:1199.95px)', { width: 1280 })).toBe(false);
    expect(matchesViewport('(min-width:600px) and (max-width:1199.95px)', { width: 900 })).toBe(true);
    expect(matchesViewport('(min-width:600px) and (max-width:1199.95px)', { width: 412 })).toBe(false);
  });

  it("answers the game screen's height and orientation queries for a phone held upright", () => {
    const phone = { width: 412, height: 823 };
    expect(matchesViewport('(orientation: portrait)', phone)).toBe(true);
    expect(matchesViewport('(orientation: landscape)', phone)).toBe(false);
    expect(matchesViewport('(max-height: 500px)', phone)).toBe(false);
    expect(matchesViewport('(max-width: 500px)', phone)).toBe(true);
  });

  it('holds no query about the height or the orientation where only the width is decided, nor one it does not know', () => {
    expect(matchesViewport('(orientation: portrait)', { width: 1280 })).toBe(false);
    expect(matchesViewport('(max-height: 500px)', { width: 1280 })).toBe(false);
    expect(matchesViewport('(prefers-reduced-motion: reduce)', { width: 1280 })).toBe(false);
    expect(matchesViewport('print', { width: 1280 })).toBe(false);
  });
});
