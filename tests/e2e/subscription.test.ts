import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe-stand-in.ts';
import {
  DESKTOP,
  PHONE,
  e2eAvailable,
  expectAccessible,
  newContext,
  screenshot,
  signUpMember,
  startE2EServer,
} from './browser.ts';

const enabled = e2eAvailable();
let stripe: StripeStandIn;
const e2e = { base: '', browser: undefined as unknown as Browser, stop: async () => {} };

beforeAll(async () => {
  if (!enabled) return;
  stripe = await startStripeStandIn();
  const started = await startE2EServer('subscription', {
    STRIPE_SECRET_KEY: 'sk_test_stand_in',
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_PRICE_MONTHLY: 'price_monthly_test',
    STRIPE_PRICE_YEARLY: 'price_yearly_test',
    STRIPE_API_BASE: stripe.apiBase,
  });
  Object.assign(e2e, started);
  // The stand-in's hosted Checkout page sends its signed webhooks here.
  stripe.webhookUrl = `${e2e.base}/api/stripe/webhook`;
});

afterAll(async () => {
  await e2e.stop();
  await stripe?.close();
});

const TEXT = {
  en: {
    gate: 'This course is part of Premium',
    subscribe: 'Subscribe to Access',
    plans: 'Plans',
    price: /^\$5\.00 a month$/,
    buy: 'Subscribe monthly',
    cancelled: 'Checkout was canceled and nothing was charged.',
    welcome: 'Thank you, Rut!',
    lesson: 'Lesson 1 of 10',
    renews: /^Premium is active\. It renews on /,
    manage: 'Manage or cancel',
  },
  es: {
    gate: 'Este curso es parte de Premium',
    subscribe: 'Suscríbete para acceder',
    plans: 'Planes',
    price: /^5,00\sUS\$ al mes$/,
    buy: 'Suscribirme mensualmente',
    cancelled: 'El pago se canceló y no se cobró nada.',
    welcome: '¡Gracias, Rut!',
    lesson: 'Lección 1 de 10',
    renews: /^Premium está activo\. Se renueva el /,
    manage: 'Administrar o cancelar',
  },
};

async function noHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

async function buyPremium(lang: 'en' | 'es', viewport: typeof DESKTOP) {
  const L = TEXT[lang];
  const context = await newContext(e2e.browser, {
    viewport,
    locale: lang === 'es' ? 'es-ES' : 'en-US',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const size = viewport === PHONE ? 'phone' : 'desktop';
  await signUpMember(page, e2e.base, lang);

  // The 303 gate sends a non-premium member to the plans.
  await page.goto(`${e2e.base}/course-303-intro`);
  await page.getByText(L.gate).waitFor();
  await screenshot(page, `premium-gate-${lang}-${size}`);
  await page.getByRole('link', { name: L.subscribe }).first().click();
  await page.waitForURL(/\/subscription$/);
  await page.getByRole('heading', { name: L.plans }).waitFor();
  await page.getByText(L.price).waitFor();
  await expectAccessible(page, `subscription (${lang})`);
  await noHorizontalOverflow(page);
  await screenshot(page, `subscription-${lang}-${size}`);

  // Checkout (the stand-in's hosted page completes it, sends the webhooks, comes back).
  await page.getByRole('button', { name: L.buy }).click();
  await page.waitForURL(/\/welcome-premium\?session_id=cs_/);
  await page.getByText(L.welcome).waitFor();
  await expectAccessible(page, `welcome-premium (${lang})`);
  await noHorizontalOverflow(page);
  await screenshot(page, `welcome-premium-${lang}-${size}`);
  const session = [...stripe.requests].reverse().find((r) => r.path === '/v1/checkout/sessions');
  expect(session?.params.locale).toBe(lang);
  expect(session?.params.mode).toBe('subscription');

  // Premium is open: 303-1 shows the lesson, not the gate.
  await page.goto(`${e2e.base}/lesson/303-1`);
  await page.getByText(L.lesson).waitFor();
  expect(await page.getByText(L.gate).count()).toBe(0);

  // Cancelling a Checkout comes back to a calm message; the state says premium renews.
  await page.goto(`${e2e.base}/subscription?checkout=cancelled`);
  await page.getByText(L.cancelled).waitFor();
  await page.getByText(L.renews).waitFor();
  await noHorizontalOverflow(page);
  await screenshot(page, `subscription-premium-${lang}-${size}`);
  // The Customer Portal (the stand-in's page sends the member back to /subscription).
  await page.getByRole('button', { name: L.manage }).click();
  await page.waitForURL((url) => url.pathname === '/subscription' && !url.search);
  await page.getByText(L.renews).waitFor();
  const portal = [...stripe.requests]
    .reverse()
    .find((r) => r.path === '/v1/billing_portal/sessions');
  expect(portal?.params.locale).toBe(lang);
  expect(errors).toEqual([]);
  await context.close();
}

describe.runIf(enabled)('buying premium', () => {
  it('a member meets the 303 gate, subscribes through Checkout and opens 303-1 (English, desktop)', async () => {
    await buyPremium('en', DESKTOP);
  });

  it('the same in Spanish on a phone (390 px)', async () => {
    await buyPremium('es', PHONE);
  });
});
