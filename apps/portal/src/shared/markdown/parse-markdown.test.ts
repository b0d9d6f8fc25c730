import { describe, expect, it } from 'vitest';
import { parseMarkdown, plainText, type Tokens } from './parse-markdown';

describe('parseMarkdown', () => {
  it('takes a leading level-1 heading as the title and lists the other headings with their ids', () => {
    const page = parseMarkdown('# House *rules*\n\nIntro.\n\n## Play\n\n### Play\n\n> ## Quoted\n\n## House rules\n');
    expect(page.title).toBe('House rules');
    expect(page.blocks.map((block) => block.type)).toEqual(['paragraph', 'heading', 'heading', 'blockquote', 'heading']);
    expect(page.headings).toEqual([
      { depth: 2, text: 'Play', id: 'play' },
      { depth: 3, text: 'Play', id: 'play-1' },
      { depth: 2, text: 'Quoted', id: 'quoted' },
      // The title counts, as on GitHub.
      { depth: 2, text: 'House rules', id: 'house-rules-1' },
    ]);
    expect(page.headingIds.get(page.blocks[1]!)).toBe('play');
  });

  it('has no title when the text starts otherwise', () => {
    const page = parseMarkdown('Intro.\n\n# Later\n');
    expect(page.title).toBeNull();
    expect(page.blocks).toHaveLength(2);
    expect(parseMarkdown('').blocks).toEqual([]);
  });

  it('reads GitHub-flavoured tables, code blocks and task lists', () => {
    const page = parseMarkdown('| a | b |\n|---|--:|\n| 1 | 2 |\n\n```sh\nnpm start\n```\n\n- [x] done\n');
    expect(page.blocks.map((block) => block.type)).toEqual(['table', 'code', 'list']);
    expect((page.blocks[0] as Tokens.Table).align).toEqual([null, 'right']);
    expect((page.blocks[1] as Tokens.Code).lang).toBe('sh');
  });

  it('gives a heading’s text without marks, references read', () => {
    const [heading] = parseMarkdown('## A `b` &amp; [c](x.md) **d**').blocks as [Tokens.Heading];
    expect(plainText(heading.tokens)).toBe('A b & c d');
  });
});
