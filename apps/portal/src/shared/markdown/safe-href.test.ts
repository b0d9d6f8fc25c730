import { describe, expect, it } from 'vitest';
import { decodeReferences, linkTarget } from './safe-href';

describe('decodeReferences', () => {
  it('reads numeric and named references, and leaves unknown ones as they are', () => {
    expect(decodeReferences('a &amp; b &lt;c&gt; &#58; &#x3A; &copy; &nope; &#0;')).toBe('a & b <c> : : © &nope; \ufffd');
    expect(decodeReferences('no references')).toBe('no references');
  });
});

describe('linkTarget', () => {
  it.each([
    ['javascript:alert(1)'],
    ['JavaScript:alert(1)'],
    [' javascript:alert(1)'],
    ['java\tscript:alert(1)'],
    ['java\nscript:alert(1)'],
    ['\u0001javascript:alert(1)'],
    [decodeReferences('javascript&#58;alert(1)')],
    [decodeReferences('&#106;avascript:alert(1)')],
    ['vbscript:msgbox(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['file:///etc/passwd'],
    ['//evil.test/x'],
    ['/\\evil.test/x'],
    ['\\\\evil.test'],
    [''],
  ])('refuses %j', (href) => {
    expect(linkTarget(href)).toBeNull();
  });

  it('opens the web in a new tab, mail and phone and the site’s files as ordinary links', () => {
    expect(linkTarget('https://example.test/a?b#c')).toEqual({ kind: 'external', href: 'https://example.test/a?b#c' });
    expect(linkTarget('HTTP://example.test')).toEqual({ kind: 'external', href: 'HTTP://example.test' });
    expect(linkTarget('mailto:help@example.test')).toEqual({ kind: 'site', href: 'mailto:help@example.test' });
    expect(linkTarget('tel:+905550000000')).toEqual({ kind: 'site', href: 'tel:+905550000000' });
    expect(linkTarget('/terms-of-use.html?lang=en')).toEqual({ kind: 'site', href: '/terms-of-use.html?lang=en' });
    expect(linkTarget('/api/rules')).toEqual({ kind: 'site', href: '/api/rules' });
    expect(linkTarget('/docs')).toEqual({ kind: 'site', href: '/docs' });
  });

  it('keeps the portal’s pages, queries and anchors in the app', () => {
    expect(linkTarget('/lobby')).toEqual({ kind: 'app', to: '/lobby' });
    expect(linkTarget('/documentation/auth#roles')).toEqual({ kind: 'app', to: '/documentation/auth#roles' });
    expect(linkTarget('#roles')).toEqual({ kind: 'app', to: '#roles' });
    expect(linkTarget('?page=2')).toEqual({ kind: 'app', to: '?page=2' });
  });
});
