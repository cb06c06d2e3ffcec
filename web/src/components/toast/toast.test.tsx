import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_MS } from '@goldbot/shared';
import { MAX_VISIBLE_TOASTS, ToastProvider, useToast } from './toast-provider';
import type { ToastOptions } from './toast-types';

function ToastTrigger({ options }: { options: ToastOptions }) {
  const { showToast } = useToast();
  return (
    <button type="button" onClick={() => showToast(options)}>
      Show {options.message}
    </button>
  );
}

function renderToasts(...options: ToastOptions[]) {
  render(
    <ToastProvider>
      {options.map((option) => (
        <ToastTrigger key={option.message} options={option} />
      ))}
    </ToastProvider>,
  );
}

const show = (message: string) => fireEvent.click(screen.getByRole('button', { name: `Show ${message}` }));

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts', () => {
  it('announces success politely and errors assertively', () => {
    renderToasts({ message: 'Saved', variant: 'success' }, { message: 'Broken', variant: 'error' });
    show('Saved');
    show('Broken');

    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Saved');
    expect(status).toHaveAttribute('aria-live', 'polite');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Broken');
    expect(alert).toHaveAttribute('aria-live', 'assertive');
  });

  it('dismisses itself after its own duration', () => {
    renderToasts({ message: 'Quick', durationMs: 2000 }, { message: 'Default' });
    show('Quick');
    show('Default');

    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByText('Quick')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Quick')).not.toBeInTheDocument();
    expect(screen.getByText('Default')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(TOAST_MS.libraryDefault));
    expect(screen.queryByText('Default')).not.toBeInTheDocument();
  });

  it('closes with its dismiss button', () => {
    renderToasts({ message: 'Closable' });
    show('Closable');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Closable')).not.toBeInTheDocument();
  });

  it('holds while hovered and resumes with the time that was left', () => {
    renderToasts({ message: 'Hover me', durationMs: 2000 });
    show('Hover me');
    act(() => vi.advanceTimersByTime(1500));

    const toast = screen.getByText('Hover me').parentElement;
    if (!toast) throw new Error('toast frame missing');
    fireEvent.mouseEnter(toast);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByText('Hover me')).toBeInTheDocument();

    fireEvent.mouseLeave(toast);
    act(() => vi.advanceTimersByTime(499));
    expect(screen.getByText('Hover me')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Hover me')).not.toBeInTheDocument();
  });

  it('replaces a repeated message instead of stacking it, restarting its timer', () => {
    renderToasts({ message: 'Again', durationMs: 2000 });
    show('Again');
    act(() => vi.advanceTimersByTime(1500));
    show('Again');

    expect(screen.getAllByText('Again')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1500));
    expect(screen.getByText('Again')).toBeInTheDocument();
  });

  it(`keeps at most ${MAX_VISIBLE_TOASTS} toasts, dropping the oldest`, () => {
    const messages = ['One', 'Two', 'Three', 'Four'];
    renderToasts(...messages.map((message) => ({ message })));
    messages.forEach(show);

    expect(screen.queryByText('One')).not.toBeInTheDocument();
    expect(screen.getAllByRole('status').map((toast) => toast.textContent)).toEqual(['Two', 'Three', 'Four']);
  });

  it('refuses to work outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<ToastTrigger options={{ message: 'x' }} />)).toThrow(/inside <ToastProvider>/);
  });
});
