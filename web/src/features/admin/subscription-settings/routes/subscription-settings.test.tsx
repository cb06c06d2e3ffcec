import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES, type CatalogPackage } from '@goldbot/shared';
import { deferred, jsonResponse } from '@/test/test-utils';
import { adminScreenOpener, nth, rowWith } from '../../testing/render-admin';
import AdminSubscriptionSettingsRoute from './subscription-settings';
import { settingsSaved } from '../testing/settings-fixtures';

const GET = 'GET /api/settings/subscription-settings';
const PUT = 'PUT /api/settings/subscription-settings';
const CATALOG = 'GET /api/packages';
const updateKey = (slug: string) => `PUT /api/admin/packages/${slug}`;

const CATALOG_ENTRIES: CatalogPackage[] = [
  { slug: 'ultimate', packageName: 'Ultimate Package', priceUsd: 1000, sortOrder: 3, onSale: true },
  { slug: 'freeTrial', packageName: 'Free Trial', priceUsd: 0, sortOrder: 0, onSale: true },
  { slug: 'basic', packageName: 'Basic Package', priceUsd: 60, sortOrder: 1, onSale: true },
  { slug: 'pro', packageName: 'Pro Package', priceUsd: 250, sortOrder: 2, onSale: true },
];

/** The catalog's entry of `slug`, as the screen first reads it. */
const entryOf = (slug: CatalogPackage['slug']) =>
  nth(
    CATALOG_ENTRIES.filter((entry) => entry.slug === slug),
    0,
  );

const settings = (basicPackageEnabled: boolean) => jsonResponse({ success: true, settings: { basicPackageEnabled } });
const catalog = (packages: CatalogPackage[] = CATALOG_ENTRIES) => jsonResponse({ packages });
const updated = (entry: CatalogPackage, message: string = SETTINGS_MESSAGES.packageUpdated) =>
  jsonResponse({ success: true, message, package: entry });

const openScreen = adminScreenOpener(<AdminSubscriptionSettingsRoute />, {
  path: '/admin/subscription-settings',
  heading: 'Subscription Settings',
  routes: { [GET]: settings(true), [CATALOG]: catalog() },
});

const basicSwitch = () => screen.findByRole('switch', { name: 'Monthly Subscription (Basic Package)' });
const switchCard = () => within(screen.getByRole('region', { name: 'Monthly Subscription' }));
const saveChanges = () => screen.getByRole('button', { name: 'Save Changes' });
const pricesTable = () => screen.findByRole('table', { name: 'Package prices' });
const row = async (name: string) => within(rowWith(await pricesTable(), name));

describe('admin subscription settings', { timeout: 15_000 }, () => {
  it('shows the Basic switch Enabled, with Save Changes disabled until it changes', async () => {
    const { user } = await openScreen();
    const toggle = await basicSwitch();
    expect(toggle).toBeChecked();
    expect(switchCard().getByText('Enabled')).toBeInTheDocument();
    expect(saveChanges()).toBeDisabled();

    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(switchCard().getByText('Disabled')).toBeInTheDocument();
    expect(saveChanges()).toBeEnabled();

    // Back where the server has it: nothing to save.
    await user.click(toggle);
    expect(saveChanges()).toBeDisabled();
  });

  it('turns Basic off, says so, and shows Basic off sale in the catalog', async () => {
    const answer = deferred<Response>();
    const { api, user } = await openScreen({ [PUT]: () => answer.promise });
    expect((await row('Basic Package')).getByText('On sale')).toBeInTheDocument();
    await user.click(await basicSwitch());
    await user.click(saveChanges());
    const busy = screen.getByRole('button', { name: /Saving/ });
    expect(busy).toBeDisabled();
    await user.click(busy);
    expect(api.requestsTo(PUT)).toHaveLength(1);
    expect(nth(api.requestsTo(PUT), 0).body).toEqual({ settings: { basicPackageEnabled: false } });

    answer.resolve(settingsSaved({ basicPackageEnabled: false }));
    expect(await screen.findByText('Subscription settings updated successfully')).toBeInTheDocument();
    expect(saveChanges()).toBeDisabled();
    expect(switchCard().getByText('Disabled')).toBeInTheDocument();
    const basic = await row('Basic Package');
    expect(basic.getByText('Off sale')).toBeInTheDocument();
    expect(basic.getByText('Set by the Monthly Subscription switch above.')).toBeInTheDocument();
    expect(basic.queryByRole('switch')).not.toBeInTheDocument();
  });

  it("shows the server's message when the save fails, else 'Failed to update subscription settings'", async () => {
    const { api, user } = await openScreen({ [PUT]: jsonResponse({ message: 'Admin access required' }, 403) });
    await user.click(await basicSwitch());
    await user.click(saveChanges());
    expect(await screen.findByText('Admin access required')).toBeInTheDocument();
    expect(saveChanges()).toBeEnabled();

    api.on(PUT, new Response('', { status: 500 }));
    await user.click(saveChanges());
    expect(await screen.findByText(SETTINGS_MESSAGES.settingsUpdateFailed)).toBeInTheDocument();
  });

  it("says 'Failed to fetch subscription settings' when they cannot be read", async () => {
    const { api, user } = await openScreen({ [GET]: new Response('', { status: 500 }) });
    expect(await screen.findByText(SETTINGS_MESSAGES.settingsFetchFailed)).toBeInTheDocument();
    api.on(GET, settings(false));
    await user.click(switchCard().getByRole('button', { name: 'Try Again' }));
    expect(await basicSwitch()).not.toBeChecked();
    expect(switchCard().getByText('Disabled')).toBeInTheDocument();
  });

  it('lists the catalog in its order, the Free Trial locked at $0, every Save disabled', async () => {
    await openScreen();
    const rows = within(await pricesTable())
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((item) => within(item).getAllByRole('cell')[0]?.textContent)).toEqual([
      'Free Trial',
      'Basic Package',
      'Pro Package',
      'Ultimate Package',
    ]);
    const free = await row('Free Trial');
    const freePrice = free.getByLabelText('Free Trial price (USD)');
    expect(freePrice).toHaveValue(0);
    expect(freePrice).toHaveAttribute('readonly');
    expect(free.getByText(SETTINGS_MESSAGES.freeTrialPrice)).toBeInTheDocument();
    expect((await row('Pro Package')).getByLabelText('Pro Package price (USD)')).toHaveValue(250);
    expect((await row('Pro Package')).getByRole('switch', { name: 'Pro Package on sale' })).toBeChecked();
    for (const name of ['Free Trial', 'Basic Package', 'Pro Package', 'Ultimate Package']) {
      expect(screen.getByRole('button', { name: `Save ${name}` })).toBeDisabled();
    }
  });

  it("saves a new price, sending only the price, and shows the server's message", async () => {
    const { api, user } = await openScreen({
      [updateKey('pro')]: updated({ ...entryOf('pro'), priceUsd: 100 }),
    });
    const pro = await row('Pro Package');
    const price = pro.getByLabelText('Pro Package price (USD)');
    await user.clear(price);
    await user.type(price, '100');
    await user.click(pro.getByRole('button', { name: 'Save Pro Package' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.packageUpdated)).toBeInTheDocument();
    expect(nth(api.requestsTo(updateKey('pro')), 0).body).toEqual({ priceUsd: 100 });
    const after = await row('Pro Package');
    expect(after.getByLabelText('Pro Package price (USD)')).toHaveValue(100);
    expect(after.getByRole('button', { name: 'Save Pro Package' })).toBeDisabled();
  });

  it('takes a package off sale, sending only the flag', async () => {
    const { api, user } = await openScreen({
      [updateKey('ultimate')]: updated({ ...entryOf('ultimate'), onSale: false }),
    });
    const ultimate = await row('Ultimate Package');
    await user.click(ultimate.getByRole('switch', { name: 'Ultimate Package on sale' }));
    await user.click(ultimate.getByRole('button', { name: 'Save Ultimate Package' }));
    await waitFor(() => expect(api.requestsTo(updateKey('ultimate'))).toHaveLength(1));
    expect(nth(api.requestsTo(updateKey('ultimate')), 0).body).toEqual({ onSale: false });
    await waitFor(async () =>
      expect(
        (await row('Ultimate Package')).getByRole('switch', { name: 'Ultimate Package on sale' }),
      ).not.toBeChecked(),
    );
  });

  it.each([
    ['-5', 'a negative price'],
    ['12.5', 'cents'],
    ['100001', 'more than 100,000'],
    ['', 'nothing'],
  ])('refuses %j (%s) before sending', async (typed) => {
    const { api, user } = await openScreen();
    const basic = await row('Basic Package');
    const price = basic.getByLabelText('Basic Package price (USD)');
    await user.clear(price);
    if (typed) await user.type(price, typed);
    await user.click(basic.getByRole('button', { name: 'Save Basic Package' }));
    expect(await basic.findByText(SETTINGS_MESSAGES.priceWhole)).toBeInTheDocument();
    expect(api.requestsTo(updateKey('basic'))).toHaveLength(0);
  });

  it("shows the server's refusal of a package update", async () => {
    const { user } = await openScreen({
      [updateKey('pro')]: jsonResponse({ message: SETTINGS_MESSAGES.packageChanged }, 409),
    });
    const pro = await row('Pro Package');
    await user.clear(pro.getByLabelText('Pro Package price (USD)'));
    await user.type(pro.getByLabelText('Pro Package price (USD)'), '300');
    await user.click(pro.getByRole('button', { name: 'Save Pro Package' }));
    expect(await screen.findByText(`Pro Package: ${SETTINGS_MESSAGES.packageChanged}`)).toBeInTheDocument();
    expect(pro.getByLabelText('Pro Package price (USD)')).toHaveValue(300);
  });

  it('says when the catalog cannot be read', async () => {
    await openScreen({ [CATALOG]: new Response('', { status: 500 }) });
    expect(await screen.findByText('Failed to fetch packages')).toBeInTheDocument();
  });
});

describe('the copy-trading link', { timeout: 15_000 }, () => {
  const LINK = 'https://broker.example/copy/goldbot';
  const withLink = (copyTradingLink: string | null) =>
    jsonResponse({ success: true, settings: { basicPackageEnabled: true, copyTradingLink } });
  const linkField = () => screen.findByRole('textbox', { name: /Copy-trading link/ });
  const saveLink = () => screen.getByRole('button', { name: 'Save copy-trading link' });

  it('warns while no link is set, refuses a non-https address before sending, and saves an https one', async () => {
    const { api, user } = await openScreen({
      [GET]: withLink(null),
      [PUT]: settingsSaved({ basicPackageEnabled: true, copyTradingLink: LINK }),
    });
    expect(
      await screen.findByText(
        'No copy-trading link is set: customers cannot start the free trial. Add the link to make it available.',
      ),
    ).toBeInTheDocument();
    expect(saveLink()).toBeDisabled();
    await user.type(await linkField(), 'http://broker.example/copy');
    await user.click(saveLink());
    expect(await screen.findByText(SETTINGS_MESSAGES.copyTradingLinkInvalid)).toBeInTheDocument();
    expect(api.requestsTo(PUT)).toHaveLength(0);

    await user.clear(await linkField());
    await user.type(await linkField(), `${LINK} `);
    await user.click(saveLink());
    expect(await screen.findByText(SETTINGS_MESSAGES.settingsUpdated)).toBeInTheDocument();
    expect(nth(api.requestsTo(PUT), 0).body).toEqual({ settings: { copyTradingLink: LINK } });
    expect(screen.queryByText(/No copy-trading link is set/)).not.toBeInTheDocument();
    expect(await linkField()).toHaveValue(LINK);
  });

  it('removes the link when the field is emptied', async () => {
    const { api, user } = await openScreen({
      [GET]: withLink(LINK),
      [PUT]: settingsSaved({ basicPackageEnabled: true, copyTradingLink: null }),
    });
    await user.clear(await linkField());
    await user.click(saveLink());
    await waitFor(() => expect(api.requestsTo(PUT)).toHaveLength(1));
    expect(nth(api.requestsTo(PUT), 0).body).toEqual({ settings: { copyTradingLink: null } });
    expect(await screen.findByText(/No copy-trading link is set/)).toBeInTheDocument();
  });
});
