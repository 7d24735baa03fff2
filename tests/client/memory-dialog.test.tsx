import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { AddMemoryVerseDialog } from '#client/features/memory/index.ts';
import { json, renderWithProviders, stubFetch } from './render.tsx';

describe('adding a verse to memory verses', () => {
  const fail = () =>
    stubFetch(() =>
      json(500, { code: 'INTERNAL', message: 'An error occurred. Please try again.' }),
    );

  it('uses the lesson’s own failure message from a lesson (SPEC §8)', async () => {
    fail();
    renderWithProviders(
      <AddMemoryVerseDialog
        open
        onOpenChange={() => undefined}
        reference="John 3:16"
        failureTitleKey="courses.errors.addScripture"
      />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Add verse' }));
    expect(await screen.findByText('Failed to add scripture to memory verses.')).toBeVisible();
  });

  it('uses the memory verses’ message elsewhere', async () => {
    fail();
    renderWithProviders(
      <AddMemoryVerseDialog open onOpenChange={() => undefined} reference="John 3:16" />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Add verse' }));
    expect(await screen.findByText('Failed to add verse to memory verses.')).toBeVisible();
  });
});
