import { act, screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '#client/lib/i18n.ts';
import Support from '#client/features/support/Support.tsx';
import { json, renderWithProviders, stubFetch } from './render.tsx';

afterEach(async () => {
  await act(async () => {
    await i18n.changeLanguage('en');
  });
});

describe('support page', () => {
  it('validates, shows the SPEC failure message in Spanish, keeps the text, then thanks', async () => {
    await act(async () => {
      await i18n.changeLanguage('es');
    });
    let attempt = 0;
    const calls = stubFetch((url, init) => {
      if (url === '/api/auth/user') return json(401, { code: 'UNAUTHENTICATED' });
      if (url === '/api/support/tickets' && init.method === 'POST') {
        attempt += 1;
        return attempt === 1
          ? json(429, { code: 'RATE_LIMITED', message: 'Enviaste varias solicitudes.' })
          : json(201, { number: 1007, confirmation: 'sent' });
      }
      return json(404, {});
    });
    const user = userEvent.setup();
    renderWithProviders(<Support />, { route: '/support' });
    await screen.findByRole('heading', { name: 'Soporte', level: 1 });

    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    expect((await screen.findAllByText('Este campo es obligatorio')).length).toBeGreaterThan(0);
    expect(calls.filter((c) => c.url === '/api/support/tickets')).toHaveLength(0);

    await user.type(screen.getByLabelText('Nombre completo'), 'Lucía Fernández');
    await user.type(screen.getByLabelText('Correo electrónico'), 'lucia@example.com');
    await user.selectOptions(screen.getByLabelText('Asunto'), 'billing');
    await user.type(screen.getByLabelText('Mensaje'), 'corto');
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    expect(await screen.findByText('Se requieren mínimo 10 caracteres')).toBeTruthy();

    await user.type(screen.getByLabelText('Mensaje'), ' pero ahora ya es suficiente');
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    expect(
      await screen.findByText('Error al enviar el ticket de soporte. Por favor intenta de nuevo.'),
    ).toBeTruthy();
    // Nothing typed is lost.
    expect(screen.getByLabelText<HTMLTextAreaElement>('Mensaje').value).toBe(
      'corto pero ahora ya es suficiente',
    );
    const sent = JSON.parse(String(calls.find((c) => c.init.method === 'POST')!.init.body));
    expect(sent).toMatchObject({ subject: 'billing', website: '' });

    // The button is ready again once the failed request has settled (the message may show first).
    await user.click(await screen.findByRole('button', { name: 'Enviar mensaje' }));
    const thanks = await screen.findByRole('heading', { name: '¡Gracias! Recibimos tu mensaje' });
    await waitFor(() => expect(document.activeElement).toBe(thanks));
    expect(screen.getByText(/Tu número de ticket es el #1007/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Enviar otra solicitud' }));
    expect(await screen.findByRole('button', { name: 'Enviar mensaje' })).toBeTruthy();
  });

  it('says a confirmation was sent only when it was: sent, failed, no mail server', async () => {
    let confirmation = 'sent';
    stubFetch((url, init) => {
      if (url === '/api/auth/user') return json(401, { code: 'UNAUTHENTICATED' });
      if (url === '/api/support/tickets' && init.method === 'POST') {
        return json(201, { number: 1008, confirmation });
      }
      return json(404, {});
    });
    // No pause between keystrokes: the many characters typed here took most of the 5 s budget.
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Support />, { route: '/support' });
    const fill = async () => {
      await user.type(screen.getByLabelText('Full name'), 'Grace Hopper');
      await user.type(screen.getByLabelText('E-mail address'), 'grace@example.com');
      await user.selectOptions(screen.getByLabelText('Subject'), 'account');
      await user.type(screen.getByLabelText('Message'), 'How do I change my e-mail address?');
      await user.click(screen.getByRole('button', { name: 'Send message' }));
    };
    await fill();
    expect(
      await screen.findByText(
        'Your ticket number is #1008. We have sent a confirmation to grace@example.com and will reply within 24 hours.',
      ),
    ).toBeTruthy();
    confirmation = 'failed';
    await user.click(screen.getByRole('button', { name: 'Submit another request' }));
    await fill();
    expect(
      await screen.findByText(/We could not send the confirmation e-mail to grace@example.com/),
    ).toBeTruthy();

    // No mail server (in Spanish): no confirmation went out, and the page never says one did.
    confirmation = 'noMailServer';
    await act(async () => {
      await i18n.changeLanguage('es');
    });
    await user.click(screen.getByRole('button', { name: 'Enviar otra solicitud' }));
    await user.type(screen.getByLabelText('Nombre completo'), 'Grace Hopper');
    await user.type(screen.getByLabelText('Correo electrónico'), 'grace@example.com');
    await user.selectOptions(screen.getByLabelText('Asunto'), 'account');
    await user.type(screen.getByLabelText('Mensaje'), '¿Cómo cambio mi correo?');
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    expect(
      await screen.findByText(
        'Tu número de ticket es el #1008. No se envió ningún correo de confirmación: este sitio todavía no puede enviar correos. Tu mensaje quedó guardado y te responderemos en un plazo de 24 horas.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Enviamos una confirmación/)).toBeNull();
  });
});
