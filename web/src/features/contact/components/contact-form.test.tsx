import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTACT, CONTACT_MESSAGES } from '@goldbot/shared';
import { deferred, jsonResponse, renderWithProviders } from '@/test/test-utils';
import { ContactForm, type ContactFormUser } from './contact-form';

const fetchMock = vi.fn<typeof fetch>();
/** The API's answer to a request a busy AWS service could not finish (503 with Retry-After). */
const BUSY = 'A service we depend on is busy right now, so nothing was finished. Please try again in a few seconds.';

const savedResponse = (name = 'Ada Lovelace', email = 'ada@example.com', message = 'Hello there') =>
  jsonResponse(
    {
      message: CONTACT_MESSAGES.sendSucceeded,
      data: { _id: 'c1', name, email, message, createdAt: '2025-01-01T00:00:00.000Z', read: false },
    },
    201,
  );

function renderForm(user: ContactFormUser | null = null) {
  return renderWithProviders(<ContactForm user={user} />);
}

const nameField = () => screen.getByLabelText('Name');
const emailField = () => screen.getByLabelText('Email');
const messageField = () => screen.getByLabelText('Message');
const sendButton = () => screen.getByRole('button', { name: 'Send Message' });

type User = ReturnType<typeof renderForm>['user'];

/** Types the three fields; Ada's valid message unless told otherwise. */
async function fill(user: User, { name = 'Ada', email = 'ada@example.com', message = 'Hello' } = {}) {
  await user.type(nameField(), name);
  await user.type(emailField(), email);
  await user.type(messageField(), message);
}

function sentBody(call = 0): unknown {
  const init = fetchMock.mock.calls[call]?.[1];
  return JSON.parse(String(init?.body));
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});

describe('ContactForm validation', () => {
  it('shows the required message of every field, a toast, and sends nothing', async () => {
    const { user } = renderForm();
    await user.click(sendButton());

    expect(nameField()).toHaveAccessibleDescription('Name is required');
    expect(emailField()).toHaveAccessibleDescription('Email is required');
    expect(messageField()).toHaveAccessibleDescription('Message is required');
    for (const field of [nameField(), emailField(), messageField()]) {
      expect(field).toHaveAttribute('aria-invalid', 'true');
    }
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill all required fields correctly');
    expect(nameField()).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects an address that is not e-mail shaped', async () => {
    const { user } = renderForm();
    await fill(user, { email: 'ada@example' });
    await user.click(sendButton());

    expect(emailField()).toHaveAccessibleDescription('Please enter a valid email');
    expect(emailField()).toHaveFocus();
    expect(nameField()).not.toHaveAttribute('aria-invalid');
    expect(messageField()).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill all required fields correctly');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('treats whitespace-only input as missing', async () => {
    const { user } = renderForm();
    await fill(user, { name: '   ', message: '   ' });
    await user.click(sendButton());

    expect(nameField()).toHaveAccessibleDescription('Name is required');
    expect(messageField()).toHaveAccessibleDescription('Message is required');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("clears a field's error as soon as that field is edited, and only that one", async () => {
    const { user } = renderForm();
    await user.click(sendButton());
    expect(screen.getByText('Name is required')).toBeInTheDocument();

    await user.type(nameField(), 'A');

    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    expect(nameField()).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
  });

  it('limits the length of every field', () => {
    renderForm();
    expect(nameField()).toHaveAttribute('maxLength', String(CONTACT.nameMaxLength));
    expect(emailField()).toHaveAttribute('maxLength', String(CONTACT.emailMaxLength));
    expect(messageField()).toHaveAttribute('maxLength', String(CONTACT.messageMaxLength));
  });
});

describe('ContactForm sending', () => {
  it('disables the button while sending, then clears only the message and confirms', async () => {
    const response = deferred<Response>();
    fetchMock.mockReturnValueOnce(response.promise);
    const { user } = renderForm();
    await fill(user, { name: '  Ada Lovelace ', message: 'Hello there' });
    await user.click(sendButton());

    const busyButton = screen.getByRole('button', { name: 'Sending...' });
    expect(busyButton).toBeDisabled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/contact/add');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    // The validated (trimmed) values are what gets sent.
    expect(sentBody()).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com', message: 'Hello there' });

    response.resolve(savedResponse());

    expect(await screen.findByRole('status')).toHaveTextContent('Message sent successfully! We will contact you soon.');
    expect(sendButton()).toBeEnabled();
    expect(messageField()).toHaveValue('');
    expect(nameField()).toHaveValue('  Ada Lovelace ');
    expect(emailField()).toHaveValue('ada@example.com');
  });

  it('shows the failure toast and keeps everything when the server fails', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ message: 'boom', msg: 'boom' }, 500));
    const { user } = renderForm();
    await fill(user);
    await user.click(sendButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send message. Please try again later.');
    expect(messageField()).toHaveValue('Hello');
    expect(nameField()).toHaveValue('Ada');
    expect(sendButton()).toBeEnabled();
  });

  it('says the service is busy and keeps everything typed on a 503 with Retry-After', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ message: BUSY, msg: BUSY }), {
        status: 503,
        headers: { 'content-type': 'application/json', 'Retry-After': '3' },
      }),
    );
    const { user } = renderForm();
    await fill(user, { message: 'Hello, about my subscription' });
    await user.click(sendButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(BUSY);
    expect(nameField()).toHaveValue('Ada');
    expect(emailField()).toHaveValue('ada@example.com');
    expect(messageField()).toHaveValue('Hello, about my subscription');
    expect(sendButton()).toBeEnabled();
    // Sent again, it carries what was typed.
    fetchMock.mockResolvedValueOnce(savedResponse('Ada', 'ada@example.com', 'Hello, about my subscription'));
    await user.click(sendButton());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(sentBody(1)).toEqual({ name: 'Ada', email: 'ada@example.com', message: 'Hello, about my subscription' });
  });

  it('shows the failure toast when the network is down', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { user } = renderForm();
    await fill(user);
    await user.click(sendButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send message. Please try again later.');
    expect(messageField()).toHaveValue('Hello');
  });

  it("puts the server's field errors on the fields", async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        {
          message: 'Please enter a valid email',
          msg: 'Please enter a valid email',
          errors: { email: 'Please enter a valid email', unrelated: 'ignored' },
        },
        400,
      ),
    );
    const { user } = renderForm();
    await fill(user);
    await user.click(sendButton());

    await waitFor(() => expect(emailField()).toHaveAccessibleDescription('Please enter a valid email'));
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
    expect(nameField()).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill all required fields correctly');
    expect(messageField()).toHaveValue('Hello');
  });

  it('sends a message only once when submitted twice in a row', async () => {
    const response = deferred<Response>();
    fetchMock.mockReturnValueOnce(response.promise);
    const { user } = renderForm();
    await fill(user);
    // Two submits back to back (double Enter): the button is not disabled yet for the second.
    const form = sendButton().closest('form');
    if (!form) throw new Error('the contact form is missing');
    fireEvent.submit(form);
    fireEvent.submit(form);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    response.resolve(savedResponse());
    await screen.findByRole('status');
  });
});

describe('ContactForm for a signed-in user', () => {
  const account = { username: 'trader42', email: 'trader42@example.com' };

  it('prefills name and e-mail from the account, read-only', async () => {
    const { user } = renderForm(account);
    expect(nameField()).toHaveValue('trader42');
    expect(nameField()).toHaveAttribute('readonly');
    expect(emailField()).toHaveValue('trader42@example.com');
    expect(emailField()).toHaveAttribute('readonly');
    expect(messageField()).not.toHaveAttribute('readonly');

    await user.type(nameField(), 'someone else');
    expect(nameField()).toHaveValue('trader42');
  });

  it("sends the account's name and e-mail and keeps them after success", async () => {
    fetchMock.mockResolvedValueOnce(savedResponse(account.username, account.email, 'Where is my TXID?'));
    const { user } = renderForm(account);
    await user.type(messageField(), 'Where is my TXID?');
    await user.click(sendButton());

    const toast = await screen.findByRole('status');
    expect(within(toast).getByText('Message sent successfully! We will contact you soon.')).toBeInTheDocument();
    expect(sentBody()).toEqual({ name: 'trader42', email: 'trader42@example.com', message: 'Where is my TXID?' });
    expect(messageField()).toHaveValue('');
    expect(nameField()).toHaveValue('trader42');
    expect(emailField()).toHaveValue('trader42@example.com');
  });

  it('still requires a message', async () => {
    const { user } = renderForm(account);
    await user.click(sendButton());
    expect(messageField()).toHaveAccessibleDescription('Message is required');
    expect(messageField()).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
