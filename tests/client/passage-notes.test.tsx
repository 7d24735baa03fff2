import { screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Verse } from '#shared/schemas/bible.ts';
import { PassageText } from '#client/components/PassageText.tsx';
import { TranslationCredit, creditText } from '#client/components/TranslationCredit.tsx';
import { i18n } from '#client/lib/i18n.ts';
import { renderWithProviders } from './render.tsx';

/** A text's notes open in place from a marker after the verse; the VBL's line is shown. */
const verses: Verse[] = [
  { book: 'Ps', bookName: 'Salmos', chapter: 35, verse: 19, text: 'No dejes…', heading: null },
  {
    book: 'Ps',
    bookName: 'Salmos',
    chapter: 35,
    verse: 20,
    text: 'No están buscando la paz…',
    heading: null,
    notes: ['Literalmente, “los silenciosos de la tierra”.'],
  },
];

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('translator’s notes', () => {
  it('opens and closes a verse’s note in place, by keyboard too, without choosing the verse', async () => {
    await i18n.changeLanguage('es');
    const user = userEvent.setup();
    const chosen: Verse[] = [];
    renderWithProviders(
      <PassageText
        verses={verses}
        lang="es"
        onToggle={(v) => chosen.push(v)}
        selected={new Set()}
      />,
    );
    const marker = screen.getByRole('button', { name: 'Nota del traductor al versículo 20' });
    expect(screen.getAllByRole('button', { name: /Nota del traductor/ })).toHaveLength(1);
    expect(marker).toHaveAttribute('aria-expanded', 'false');
    await user.click(marker);
    expect(screen.getByRole('note')).toHaveTextContent(
      'Literalmente, “los silenciosos de la tierra”.',
    );
    expect(marker).toHaveAttribute('aria-expanded', 'true');
    expect(chosen).toEqual([]);
    marker.focus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('shows the VBL’s licence line, and nothing for a public-domain text', () => {
    const { container } = renderWithProviders(
      <>
        <TranslationCredit code="VBL" />
        <TranslationCredit code="RV1909" />
      </>,
    );
    expect(container.querySelectorAll('[data-credit]')).toHaveLength(1);
    expect(screen.getByText(/Jonathan Gallagher/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'CC BY-SA 4.0' })).toHaveAttribute(
      'href',
      'https://creativecommons.org/licenses/by-sa/4.0/',
    );
  });

  it('adds the VBL’s credit to words copied out of the app, in the reader’s language', async () => {
    expect(creditText(i18n.t, ['KJV', 'RV1909'])).toBe('');
    expect(creditText(i18n.t, ['KJV', 'VBL'])).toBe(
      '\nVersión Biblia Libre (VBL) © 2018–2020 Jonathan Gallagher and Shelly Barrios de Avila. ' +
        'Text from eBible.org, converted; the Bible text was not changed. License: CC BY-SA 4.0 ' +
        '(https://creativecommons.org/licenses/by-sa/4.0/) · https://ebible.org/spavbl',
    );
    await i18n.changeLanguage('es');
    expect(creditText(i18n.t, ['VBL'])).toContain('Licencia: CC BY-SA 4.0');
  });
});
