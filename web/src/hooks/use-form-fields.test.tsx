import { describe, expect, it } from 'vitest';
import { act, render, renderHook, screen } from '@testing-library/react';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { describeSubmitFailure } from '@/lib/api-errors';
import { useFormFields } from './use-form-fields';

type Field = 'email' | 'password';
const FIELDS: readonly Field[] = ['email', 'password'];

describe('useFormFields', () => {
  it('updates a value and clears only that field’s error', () => {
    const { result } = renderHook(() => useFormFields(FIELDS, { email: '', password: '' }));
    act(() => result.current.setErrors({ email: 'Bad email', password: 'Bad password' }));
    act(() => result.current.handleChange('email')({ target: { value: 'a@b.co' } } as never));
    expect(result.current.values).toEqual({ email: 'a@b.co', password: '' });
    expect(result.current.errors).toEqual({ password: 'Bad password' });
  });

  it('shows errors and focuses the first invalid field in field order', () => {
    function Form() {
      const { inputRef, showInvalid } = useFormFields(FIELDS, { email: '', password: '' });
      return (
        <>
          <input aria-label="email" ref={inputRef('email')} />
          <input aria-label="password" ref={inputRef('password')} />
          <button type="button" onClick={() => showInvalid({ password: 'Required' })}>
            check
          </button>
        </>
      );
    }
    render(<Form />);
    act(() => screen.getByRole('button').click());
    expect(screen.getByLabelText('password')).toHaveFocus();
  });
});

describe('describeSubmitFailure', () => {
  it('keeps the form’s 400 field errors and the server’s message', () => {
    const error = new ApiError(400, 'x', { email: 'Taken', other: 'Ignored' }, { body: { message: 'Nope' } });
    expect(describeSubmitFailure(error, FIELDS, 'Failed')).toEqual({ fieldErrors: { email: 'Taken' }, text: 'Nope' });
  });

  it('falls back, names network failures and adds the retry hint when asked', () => {
    expect(describeSubmitFailure(new ApiError(500, 'x'), FIELDS, 'Failed')).toEqual({
      fieldErrors: {},
      text: 'Failed',
    });
    expect(describeSubmitFailure(new TypeError('offline'), FIELDS, 'Failed').text).toBe(NETWORK_ERROR_MESSAGE);
    expect(describeSubmitFailure(new ApiError(0, 'x'), [], 'Failed', { unreachableText: 'Offline' }).text).toBe(
      'Offline',
    );
    const limited = new ApiError(429, 'x', {}, { retryAfterSeconds: 30 });
    expect(describeSubmitFailure(limited, [], 'Too many', { retryHint: true }).text).toBe(
      'Too many Please try again in 30 seconds.',
    );
    expect(describeSubmitFailure(limited, [], 'Too many').text).toBe('Too many');
  });
});
