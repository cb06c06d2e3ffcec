import { renderToString } from 'react-dom/server';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Deferred } from '@/components/layout/deferred';
import { Reveal } from './reveal';

/**
 * What the build's prerender makes of motion and deferred sections (scripts/build-site.ts): a
 * revealed block is shown in static HTML (it must read without JavaScript), and a deferred
 * section is its placeholder, as the browser's first render has it.
 */
afterEach(() => vi.unstubAllGlobals());

describe('in static HTML', () => {
  it('shows revealed content at once', () => {
    const html = renderToString(<Reveal>Our principles</Reveal>);
    expect(html).toContain('reveal--visible');
    expect(html).toContain('Our principles');
  });

  it('keeps a deferred section a placeholder when the browser can observe the viewport', () => {
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    const html = renderToString(
      <Deferred minHeight="10rem">
        <p>Charts</p>
      </Deferred>,
    );
    expect(html).toContain('skeleton--block');
    expect(html).not.toContain('Charts');
  });
});

describe('mounted in the browser (a client-side navigation)', () => {
  it('still animates a revealed block in when it comes into view', () => {
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    render(<Reveal>Our principles</Reveal>);
    expect(screen.getByText('Our principles').closest('.reveal')).not.toHaveClass('reveal--visible');
  });
});
