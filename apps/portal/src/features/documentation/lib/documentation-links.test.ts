import { describe, expect, it } from 'vitest';
import { documentationHref, linkPageMentions } from './documentation-links';

const readable = new Set(['auth', 'deployment', 'business-rules']);

describe('documentationHref', () => {
  it.each([
    ['deployment.md', '/documentation/deployment'],
    ['./deployment.md', '/documentation/deployment'],
    ['docs/deployment.md', '/documentation/deployment'],
    ['../docs/deployment.md', '/documentation/deployment'],
    ['auth.md#roles', '/documentation/auth#roles'],
    ['docs/auth.md#roles', '/documentation/auth#roles'],
    ['#roles', '#roles'],
    ['https://example.test/x.md', 'https://example.test/x.md'],
    ['/terms-of-use.html', '/terms-of-use.html'],
    ['mailto:ops@example.test', 'mailto:ops@example.test'],
  ])('%s → %s', (href, expected) => {
    expect(documentationHref(href, readable)).toBe(expected);
  });

  it.each([
    ['chat.md'],
    ['docs/chat.md#x'],
    ['../README.md'],
    ['../apps/platform/src/config.ts'],
    ['sub/deployment.md'],
    ['Deployment.md'],
  ])('leaves %s as text: not a page this account reads, or a file the portal does not serve', (href) => {
    expect(documentationHref(href, readable)).toBeNull();
  });

  it('makes every page link while the list of readable pages is unknown', () => {
    expect(documentationHref('chat.md', null)).toBe('/documentation/chat');
  });
});

describe('linkPageMentions', () => {
  it('links docs/x.md named in the text when the page is readable', () => {
    expect(linkPageMentions('See docs/auth.md "Roles" and docs/chat.md, then docs/deployment.md#one-machine.', readable)).toEqual([
      'See ',
      { text: 'docs/auth.md', href: 'docs/auth.md' },
      ' "Roles" and docs/chat.md, then ',
      { text: 'docs/deployment.md#one-machine', href: 'docs/deployment.md#one-machine' },
      '.',
    ]);
    expect(linkPageMentions('nothing here', readable)).toEqual(['nothing here']);
  });
});
