import { screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SubscriptionOverview, SubscriptionState } from '#shared/schemas/subscription.ts';
import { PREMIUM_FEATURES, premiumFeatureKey } from '#shared/schemas/subscription.ts';
import SubscriptionPage from '#client/features/subscription/SubscriptionPage.tsx';
import WelcomePremium from '#client/features/subscription/WelcomePremium.tsx';
import { formatPrice, stateSentence } from '#client/features/subscription/format.ts';
import { PremiumGate } from '#client/features/courses/PremiumGate.tsx';
import { i18n } from '#client/lib/i18n.ts';
import { json, renderWithProviders, stubFetch } from './render.tsx';

const user = (role: 'member' | 'admin', isPremium = false) => ({
  id: 'u1',
  email: 'ana@example.com',
  firstName: 'Ana',
  lastName: 'Ruiz',
  ageVerified: true,
  role,
  isPremium,
  preferences: {},
  createdAt: '2025-01-01T00:00:00.000Z',
});

const free: SubscriptionState = {
  premium: false,
  source: 'none',
  kind: 'free',
  periodEnd: null,
  graceEndsAt: null,
  granted: false,
};

const overview = (patch: Partial<SubscriptionOverview> = {}): SubscriptionOverview => ({
  configured: true,
  canManage: false,
  state: free,
  plans: [
    { id: 'monthly', interval: 'month', amount: 500, currency: 'usd', available: true },
    { id: 'yearly', interval: 'year', amount: 5000, currency: 'usd', available: true },
  ],
  ...patch,
});

function serve(data: SubscriptionOverview, role: 'member' | 'admin' = 'member') {
  return stubFetch((url) => {
    if (url === '/api/session' || url === '/api/auth/user')
      return json(200, user(role, data.state.premium));
    if (url === '/api/subscription') return json(200, data);
    if (url === '/api/subscription/checkout')
      return json(200, { url: 'https://checkout.test/cs_1' });
    return json(404, { message: 'not found' });
  });
}

afterEach(async () => {
  await i18n.changeLanguage('en');
  vi.unstubAllGlobals();
});

describe('subscription format', () => {
  it('prices in the member language and the currency minor unit', () => {
    expect(formatPrice(500, 'usd', 'en')).toBe('$5.00');
    expect(formatPrice(500, 'jpy', 'en')).toBe('¥500');
    expect(formatPrice(499, 'eur', 'es')).toMatch(/^4,99\sEUR|^4,99\s€$/);
    expect(formatPrice(null, 'usd', 'en')).toBeNull();
  });

  it('says each state in one sentence, with its date', () => {
    const t = i18n.getFixedT('en');
    const date = '2026-12-23T12:00:00.000Z';
    const s = (patch: Partial<SubscriptionState>) => stateSentence({ ...free, ...patch }, t, 'en');
    expect(s({})).toBe('You are on the free plan.');
    expect(s({ premium: true, source: 'stripe', kind: 'renews', periodEnd: date })).toBe(
      'Premium is active. It renews on December 23, 2026.',
    );
    expect(s({ premium: true, source: 'stripe', kind: 'ending', periodEnd: date })).toBe(
      'Canceled — Premium ends on December 23, 2026.',
    );
    expect(s({ premium: true, source: 'stripe', kind: 'pastDue', graceEndsAt: date })).toBe(
      'Payment failed — update your card. Premium stays open until December 23, 2026.',
    );
    expect(s({ premium: false, kind: 'pastDue', graceEndsAt: date })).toBe(
      'Payment failed — update your card to open Premium again.',
    );
    expect(s({ premium: true, source: 'granted', kind: 'granted', granted: true })).toBe(
      'Premium was granted by an administrator.',
    );
  });
});

describe('/subscription', () => {
  it('shows the plans and sends the member to Checkout for the chosen plan', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const calls = serve(overview());
    renderWithProviders(<SubscriptionPage />, { route: '/subscription' });
    expect(await screen.findByText('$5.00 a month')).toBeInTheDocument();
    expect(screen.getByText('$50.00 a year')).toBeInTheDocument();
    expect(screen.getByText('You are on the free plan.')).toBeInTheDocument();
    for (const f of PREMIUM_FEATURES.filter((f) => !f.id.startsWith('course'))) {
      expect(screen.getByText(i18n.t(premiumFeatureKey(f.id)))).toBeInTheDocument();
    }
    // The courses as content/courses has them: their titles and numbers of lessons.
    expect(screen.getByText('Christianity 202: Growth, 10 lessons')).toBeInTheDocument();
    expect(
      screen.getByText('Christianity 303: Leadership and Mission, 10 lessons in five tracks'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe yearly' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.test/cs_1'));
    const post = calls.find((c) => c.url === '/api/subscription/checkout')!;
    expect(JSON.parse(String(post.init.body))).toEqual({ plan: 'yearly' });
  });

  it('says calmly that Checkout was cancelled', async () => {
    serve(overview());
    renderWithProviders(<SubscriptionPage />, { route: '/subscription?checkout=cancelled' });
    expect(
      await screen.findByText(/Checkout was canceled and nothing was charged/),
    ).toBeInTheDocument();
  });

  it('without payments: a calm note for members, the configuration note for admins', async () => {
    const off = overview({
      configured: false,
      plans: [
        { id: 'monthly', interval: 'month', amount: 499, currency: 'eur', available: false },
        { id: 'yearly', interval: 'year', amount: null, currency: null, available: false },
      ],
    });
    serve(off, 'member');
    const view = renderWithProviders(<SubscriptionPage />, { route: '/subscription' });
    expect(
      await screen.findByText(/Subscriptions are not open on this site yet/),
    ).toBeInTheDocument();
    expect(screen.getByText('€4.99 a month')).toBeInTheDocument();
    // No checkout exists: a plan without a price is "not available yet", not "shown at checkout".
    expect(screen.getByText('Not available yet')).toBeInTheDocument();
    expect(screen.queryByText('The price is shown at checkout')).toBeNull();
    expect(screen.queryByRole('button', { name: /Subscribe/ })).toBeNull();
    view.unmount();

    serve(off, 'admin');
    renderWithProviders(<SubscriptionPage />, { route: '/subscription' });
    expect(
      await screen.findByText(/Payments are not configured on this server/),
    ).toBeInTheDocument();
    expect(
      screen.getByText('As an administrator, you can open every Premium feature.'),
    ).toBeInTheDocument();
  });

  it('a subscriber sees the state and the portal, not the subscribe buttons (Spanish)', async () => {
    await i18n.changeLanguage('es');
    serve(
      overview({
        canManage: true,
        state: {
          premium: true,
          source: 'stripe',
          kind: 'pastDue',
          periodEnd: null,
          graceEndsAt: '2026-12-23T12:00:00.000Z',
          granted: false,
        },
      }),
    );
    renderWithProviders(<SubscriptionPage />, { route: '/subscription' });
    expect(
      await screen.findByText(
        /El pago falló — actualiza tu tarjeta\. Premium sigue abierto hasta el 23 de diciembre de 2026\./,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actualizar tu tarjeta' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Suscribirme/ })).toBeNull();
    expect(screen.getByText(/^5,00\sUS\$ al mes$/)).toBeInTheDocument();
  });

  it('a failed load says why and offers to try again', async () => {
    stubFetch((url) =>
      url === '/api/auth/user'
        ? json(200, user('member'))
        : json(500, { message: 'An error occurred. Please try again.' }),
    );
    renderWithProviders(<SubscriptionPage />, { route: '/subscription' });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('/welcome-premium', () => {
  it('waits for Stripe, then welcomes the member with the first things to do', async () => {
    let premium = false;
    stubFetch((url) => {
      if (url === '/api/session' || url === '/api/auth/user')
        return json(200, user('member', premium));
      if (url === '/api/subscription') return json(200, overview());
      if (url === '/api/subscription/checkout/cs_test_1') {
        const answer = {
          complete: true,
          state: premium ? { ...free, premium: true, source: 'stripe', kind: 'renews' } : free,
        };
        premium = true; // the webhook lands between the first and the second check
        return json(200, answer);
      }
      return json(404, {});
    });
    renderWithProviders(<WelcomePremium />, { route: '/welcome-premium?session_id=cs_test_1' });
    expect(
      await screen.findByText('Confirming your subscription with Stripe…'),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Thank you, Ana! Your support keeps the ministry going.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Start Christianity 202/ })).toHaveAttribute(
      'href',
      '/course-202-intro',
    );
    expect(screen.getByRole('link', { name: /Compare translations/ })).toHaveAttribute(
      'href',
      '/bible',
    );
  });
});

describe('/welcome-premium without payments, and for a member given Premium', () => {
  const granted: SubscriptionState = {
    ...free,
    premium: true,
    source: 'granted',
    kind: 'granted',
    granted: true,
  };
  const off = (state: SubscriptionState) =>
    stubFetch((url) => {
      if (url === '/api/session' || url === '/api/auth/user')
        return json(200, user('member', state.premium));
      if (url === '/api/subscription') return json(200, overview({ configured: false, state }));
      if (url.startsWith('/api/subscription/checkout/')) {
        return json(503, {
          code: 'PAYMENTS_NOT_CONFIGURED',
          message: 'Payments are not configured on this server.',
        });
      }
      return json(404, {});
    });

  it('back from a checkout that cannot exist: says so, with no "Try again" (Spanish)', async () => {
    await i18n.changeLanguage('es');
    off(free);
    renderWithProviders(<WelcomePremium />, { route: '/welcome-premium?session_id=cs_test_9' });
    expect(
      await screen.findByText(
        'Los pagos no están abiertos en este sitio, así que no hay ningún pago que confirmar y no se cobró nada.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a los planes' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    expect(screen.queryByRole('button', { name: 'Intentar de nuevo' })).toBeNull();
  });

  it('a member given Premium by an admin is welcomed, not thanked for their support', async () => {
    off(granted);
    renderWithProviders(<WelcomePremium />, { route: '/welcome-premium?session_id=cs_test_9' });
    expect(
      await screen.findByText(
        'Welcome, Ana! An administrator has given you Premium: everything below is open to you.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Your support/)).toBeNull();
  });
});

describe('premium gate', () => {
  it('links to /subscription and lists what Premium includes from the one list', () => {
    renderWithProviders(<PremiumGate />);
    expect(screen.getByRole('link', { name: 'Subscribe to Access' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(PREMIUM_FEATURES.length);
  });
});
