import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PACKAGE_NAMES } from '@goldbot/shared';
import { fakeSession, probedLocation, renderAt } from '@/test/render-with-router';
import type { SessionContextValue } from '@/features/auth/auth-public';
import { cellTexts, columnHeaders, deferred, jsonResponse } from '@/test/test-utils';
import { COMPARISON_ROWS } from '@/config/plans';
import PricingRoute from './pricing';

let session: SessionContextValue;
vi.mock('@/features/auth/session', () => ({ useSession: () => session }));

const fetchMock = vi.fn<typeof fetch>();

const catalog = (prices: { freeTrial: number; basic: number; pro: number; ultimate: number }) =>
  jsonResponse({
    packages: (['freeTrial', 'basic', 'pro', 'ultimate'] as const).map((slug, sortOrder) => ({
      slug,
      packageName: PACKAGE_NAMES[slug],
      priceUsd: prices[slug],
      sortOrder,
    })),
  });

beforeEach(() => {
  session = fakeSession('anonymous');
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(catalog({ freeTrial: 0, basic: 60, pro: 250, ultimate: 1000 }));
});

const renderPricing = () => renderAt(<PricingRoute />, { path: '/pricing', routePath: '/pricing' });
const card = (title: string) => screen.getByRole('listitem', { name: title });
const location = () => probedLocation(screen.getByTestId('location'));

describe('Pricing page', () => {
  it('shows four plan cards, Basic badged BEST VALUE, with prices from GET /api/packages', async () => {
    fetchMock.mockResolvedValue(catalog({ freeTrial: 0, basic: 55, pro: 240, ultimate: 990 }));
    renderPricing();
    expect(await within(card('Basic')).findByText('$55')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/packages', expect.objectContaining({ method: 'GET' }));
    expect(within(card('Free Copy Trade')).getByText('Free')).toBeInTheDocument();
    expect(within(card('Pro')).getByText('$240')).toBeInTheDocument();
    expect(within(card('Ultimate')).getByText('$990')).toBeInTheDocument();
    expect(within(card('Basic')).getByText('BEST VALUE')).toBeInTheDocument();
    expect(screen.getAllByText('BEST VALUE')).toHaveLength(1);
  });

  it("shows the seeded catalog's prices while the catalog loads, then the catalog's", async () => {
    const response = deferred<Response>();
    fetchMock.mockReturnValue(response.promise);
    renderPricing();
    // What the prerendered page shows (the seeded catalog): no skeleton, nothing moves when the API agrees.
    expect(within(card('Pro')).getByText('$250')).toBeInTheDocument();
    expect(within(card('Basic')).getByText('$60')).toBeInTheDocument();
    response.resolve(catalog({ freeTrial: 0, basic: 55, pro: 240, ultimate: 990 }));
    expect(await within(card('Pro')).findByText('$240')).toBeInTheDocument();
  });

  it('falls back to the default prices when the catalog cannot be read', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ message: 'boom', msg: 'boom' }, 500));
    renderPricing();
    expect(await within(card('Basic')).findByText('$60')).toBeInTheDocument();
    expect(within(card('Pro')).getByText('$250')).toBeInTheDocument();
    expect(within(card('Ultimate')).getByText('$1,000')).toBeInTheDocument();
  });

  it('has every row of the comparison table', () => {
    renderPricing();
    const table = screen.getByRole('table', { name: 'Compare the plans feature by feature' });
    const headers = columnHeaders(table);
    expect(headers).toEqual(['Feature', 'Copy trade', 'Basic', 'Pro', 'Ultimate']);
    const rows = within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(rows).toEqual([
      'Profit split',
      'Guaranteed ROI',
      'Period',
      'Minimum deposit',
      'Money-back guarantee',
      'Local copy of the bot',
      'E-mail support',
      'Live consultation',
      'Updates',
    ]);
    expect(COMPARISON_ROWS).toHaveLength(9);
    const split = within(table).getByRole('row', { name: /Profit split/ });
    expect(cellTexts(split)).toEqual(['70%', '100%', '100%', '100%']);
    const deposit = within(table).getByRole('row', { name: /Minimum deposit/ });
    expect(cellTexts(deposit)).toEqual(['$10', '$500', '$500', '$500']);
    const refund = within(table).getByRole('row', { name: /Money-back guarantee/ });
    expect(cellTexts(refund)).toEqual(['Not included', 'Included', 'Included', 'Included']);
  });

  it("sends guests to /login carrying the plan and a 'from' of /dashboard", async () => {
    const { user } = renderPricing();
    await user.click(within(card('Pro')).getByRole('button', { name: 'Get Started' }));
    expect(location()).toEqual({
      pathname: '/login',
      state: { from: '/dashboard', selectedPlan: 'Pro Package' },
    });
  });

  it('sends signed-in users to /dashboard carrying the plan', async () => {
    session = fakeSession('authenticated');
    const { user } = renderPricing();
    await user.click(within(card('Ultimate')).getByRole('button', { name: 'Go to Dashboard' }));
    expect(location()).toEqual({ pathname: '/dashboard', state: { selectedPlan: 'Ultimate Package' } });
  });

  it('selects the free plan from its card', async () => {
    const { user } = renderPricing();
    await user.click(within(card('Free Copy Trade')).getByRole('button', { name: 'Get Started' }));
    expect(location().state).toEqual({ from: '/dashboard', selectedPlan: 'Free Trial' });
  });

  it("selects Basic with the bottom button ('Start Free' for guests)", async () => {
    const { user } = renderPricing();
    await user.click(screen.getByRole('button', { name: 'Start Free' }));
    expect(location()).toEqual({ pathname: '/login', state: { from: '/dashboard', selectedPlan: 'Basic Package' } });
  });

  it("selects Basic with the bottom button ('Go to Dashboard' when signed in)", async () => {
    session = fakeSession('authenticated');
    const { user } = renderPricing();
    const buttons = screen.getAllByRole('button', { name: 'Go to Dashboard' });
    expect(buttons).toHaveLength(5);
    const bottom = buttons.at(-1);
    if (!bottom) throw new Error('bottom button missing');
    await user.click(bottom);
    expect(location()).toEqual({ pathname: '/dashboard', state: { selectedPlan: 'Basic Package' } });
  });

  it('disables every plan button while the session is loading', async () => {
    session = fakeSession('loading');
    renderPricing();
    const buttons = screen.getAllByRole('button');
    expect(buttons).toHaveLength(5);
    for (const button of buttons) expect(button).toBeDisabled();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
  });
});
