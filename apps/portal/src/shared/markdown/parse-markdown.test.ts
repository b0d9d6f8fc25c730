import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown, safeHref } from './parse-markdown';

describe('parseMarkdown', () => {
  it('reads headings, paragraphs, lists and rules', () => {
    const blocks = parseMarkdown('# Rules\n\nFirst line\ncontinued.\n\n- one\n- two\n  more\n\n1. a\n2. b\n\n---\n## End');
    expect(blocks.map((b) => b.type)).toEqual(['heading', 'paragraph', 'list', 'list', 'rule', 'heading']);
    expect(blocks[1]).toEqual({ type: 'paragraph', children: [{ type: 'text', text: 'First line continued.' }] });
    expect(blocks[2]).toMatchObject({ ordered: false, items: [[{ text: 'one' }], [{ text: 'two more' }]] });
    expect(blocks[3]).toMatchObject({ ordered: true });
    expect(blocks[5]).toMatchObject({ type: 'heading', level: 2 });
  });

  it('reads bold, italics, code and links', () => {
    expect(parseInline('a **b** *c* `d` [e](https://x.test)')).toEqual([
      { type: 'text', text: 'a ' },
      { type: 'strong', children: [{ type: 'text', text: 'b' }] },
      { type: 'text', text: ' ' },
      { type: 'em', children: [{ type: 'text', text: 'c' }] },
      { type: 'text', text: ' ' },
      { type: 'code', text: 'd' },
      { type: 'text', text: ' ' },
      { type: 'link', href: 'https://x.test', children: [{ type: 'text', text: 'e' }] },
    ]);
  });

  it('keeps HTML as text and drops unsafe links', () => {
    expect(parseMarkdown('<script>alert(1)</script>')).toEqual([
      { type: 'paragraph', children: [{ type: 'text', text: '<script>alert(1)</script>' }] },
    ]);
    expect(parseInline('[x](javascript:alert(1))')[0]).toEqual({ type: 'text', text: 'x' });
    expect(safeHref('//evil.test')).toBeNull();
    expect(safeHref('data:text/html,hi')).toBeNull();
    expect(safeHref('/terms-of-use.html')).toBe('/terms-of-use.html');
  });
});
