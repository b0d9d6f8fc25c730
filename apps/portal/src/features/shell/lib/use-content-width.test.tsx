import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { useContentWidth } from './use-content-width';

/** A row that shows the width the hook gives it; jsdom lays nothing out, so a measure of it is null. */
function Row({ initial }: { initial?: () => number | null }) {
  const row = useRef<HTMLDivElement>(null);
  const width = useContentWidth(row, initial);
  return <div ref={row}>{`width ${width}`}</div>;
}

describe('useContentWidth', () => {
  it("starts from a width known before the first render (the platform's row) and does not measure it again in the commit", () => {
    let asked = 0;
    render(
      <Row
        initial={() => {
          asked += 1;
          return 712;
        }}
      />,
    );
    // A measure in the layout effect would have replaced it with jsdom's null (and rendered the tree again).
    expect(screen.getByText('width 712')).toBeTruthy();
    expect(asked).toBe(1);
  });

  it('measures in the layout effect, as before, when no width is known (no page of the platform on screen)', () => {
    render(<Row initial={() => null} />);
    expect(screen.getByText('width null')).toBeTruthy();
  });
});
