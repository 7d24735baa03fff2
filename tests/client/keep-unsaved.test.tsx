import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, renderHook, screen } from '@testing-library/preact';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { SIGNED_OUT_COOKIE } from '#shared/constants.ts';
import { PracticeResponse } from '#client/features/courses/PracticeResponse.tsx';
import type { LessonDetail } from '#client/features/courses/api.ts';
import { initialState } from '#client/features/bible/studyDraft.ts';
import { useKeepUnsaved, useKeptUnsaved } from '#client/hooks/useKeepUnsaved.ts';
import { createQueryClient, SESSION_KEY } from '#client/lib/queryClient.ts';
import {
  forgetAfterSignOut,
  forgetAllUnsaved,
  keepUnsaved,
  keptUnsaved,
} from '#client/lib/unsaved.ts';

const member = (id: string) => ({
  id,
  email: `${id}@example.com`,
  firstName: id,
  lastName: 'Member',
  ageVerified: true,
  role: 'member',
  isPremium: false,
  twoFactorEnabled: false,
  hasPasskey: false,
  preferences: {},
  createdAt: '2025-01-01T00:00:00.000Z',
});

/** A query client with `id` signed in (null: nobody). */
function signedIn(id: string | null): QueryClient {
  const client = createQueryClient();
  client.setQueryData(SESSION_KEY, id ? member(id) : null);
  return client;
}

/** The testing library's wrapper type is Preact's; the app's components are typed as React's. */
type Wrapper = NonNullable<NonNullable<Parameters<typeof renderHook>[1]>['wrapper']>;
const wrapperFor = (client: QueryClient) =>
  (({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  )) as unknown as Wrapper;

const allKeys = () => [
  ...Object.keys(sessionStorage).map((k) => `tab ${k}`),
  ...Object.keys(localStorage).map((k) => `device ${k}`),
];

/** Unsaved text survives the trip to sign-in when a session ends, and goes once saved. */
describe('text kept until it is saved', () => {
  it('keeps the value while unsaved and forgets it once saved', () => {
    const { rerender } = renderHook(
      ({ value, unsaved }) => useKeepUnsaved('lesson:101-1', value, unsaved),
      {
        initialProps: { value: 'God is love', unsaved: true },
        wrapper: wrapperFor(signedIn('ana')),
      },
    );
    expect(keptUnsaved<string>('ana', 'lesson:101-1')).toBe('God is love');
    rerender({ value: 'God is love, and light', unsaved: true });
    expect(keptUnsaved<string>('ana', 'lesson:101-1')).toBe('God is love, and light');
    rerender({ value: 'God is love, and light', unsaved: false });
    expect(keptUnsaved<string>('ana', 'lesson:101-1')).toBeNull();
  });

  it('keeps a keystroke as it renders, before the next frame: leaving the page at once loses nothing', async () => {
    const lesson = { id: '101-1', response: '' } as LessonDetail;
    render(<PracticeResponse lesson={lesson} />, { wrapper: wrapperFor(signedIn('ana')) });
    const box = screen.getByRole('textbox');
    // Typed the way a browser types (no testing-library act() to flush effects): the member then
    // follows a link or the tab unloads before the next paint.
    (box as HTMLTextAreaElement).value = 'Last words';
    box.dispatchEvent(new Event('input', { bubbles: true }));
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(keptUnsaved<string>('ana', 'lesson:101-1')).toBe('Last words');
  });

  it('keeps objects (a journal draft) and reads nothing for another key', () => {
    const client = signedIn('ana');
    renderHook(() => useKeepUnsaved('journal:new', { title: 'T', content: 'C' }, true), {
      wrapper: wrapperFor(client),
    });
    const read = (key: string) =>
      renderHook(() => useKeptUnsaved(key), { wrapper: wrapperFor(client) }).result.current.kept();
    expect(read('journal:new')).toEqual({ title: 'T', content: 'C' });
    expect(read('journal:other')).toBeNull();
  });
});

/** ASVS 14.3.1: a shared browser (a church office, a family tablet) never hands one member's text to another. */
describe('kept text belongs to the member who typed it', () => {
  it('is kept under the member’s id, and another member signed in reads none of it', () => {
    renderHook(() => useKeepUnsaved('journal:new', { content: 'For my brother' }, true), {
      wrapper: wrapperFor(signedIn('ana')),
    });
    expect(Object.keys(sessionStorage)).toEqual(['camino:unsaved:ana:journal:new']);
    const asBen = renderHook(() => useKeptUnsaved('journal:new'), {
      wrapper: wrapperFor(signedIn('ben')),
    });
    expect(asBen.result.current.kept()).toBeNull();
    // Nobody signed in: nothing is read, nothing is written.
    const asNobody = renderHook(() => useKeptUnsaved('journal:new'), {
      wrapper: wrapperFor(signedIn(null)),
    });
    expect(asNobody.result.current.kept()).toBeNull();
    renderHook(() => useKeepUnsaved('journal:new', { content: 'x' }, true), {
      wrapper: wrapperFor(signedIn(null)),
    });
    expect(Object.keys(sessionStorage)).toEqual([]);
  });

  it('someone else signing in deletes what the last member left, on the tab and on the device', () => {
    keepUnsaved('ana', 'lesson:101-1', 'What I confess today');
    keepUnsaved('ana', 'study:new', { observation: 'Mine' }, 'device');
    // Left by an older version, tied to no one.
    localStorage.setItem('study-draft:new', JSON.stringify({ observation: 'Untied' }));
    localStorage.setItem('language', 'es');
    // Ana's session ended: her text waits for her.
    const client = signedIn(null);
    expect(keptUnsaved('ana', 'lesson:101-1')).toBe('What I confess today');
    // Ben signs in on the same tab: Ana's text and the untied draft go before his pages read any.
    client.setQueryData(SESSION_KEY, member('ben'));
    expect(allKeys()).toEqual(['device language']);
  });

  it('someone else signing in also drops the answers the tab kept in memory for the last member', () => {
    const client = signedIn('ana');
    client.setQueryData(['/api/lessons/101-1'], { id: '101-1', response: 'Ana’s saved answer' });
    client.setQueryData(['/api/journal'], { items: [{ content: 'Ana’s entry' }], total: 1 });
    // Her session ends; she signs in again: her answers are still there to show at once.
    client.setQueryData(SESSION_KEY, null);
    client.setQueryData(SESSION_KEY, member('ana'));
    expect(client.getQueryData(['/api/lessons/101-1'])).toBeDefined();
    // Her session ends; Ben signs in: nothing answered to Ana is shown to him.
    client.setQueryData(SESSION_KEY, null);
    client.setQueryData(SESSION_KEY, member('ben'));
    expect(client.getQueryData(['/api/lessons/101-1'])).toBeUndefined();
    expect(client.getQueryData(['/api/journal'])).toBeUndefined();
    expect(client.getQueryData(SESSION_KEY)).toMatchObject({ id: 'ben' });
  });

  it('the same member signing in again finds their text; their own is never deleted', () => {
    keepUnsaved('ana', 'lesson:101-1', 'Half a thought');
    keepUnsaved('ana', 'study:new', { observation: 'Mine' }, 'device');
    const client = signedIn(null);
    client.setQueryData(SESSION_KEY, member('ana'));
    expect(keptUnsaved('ana', 'lesson:101-1')).toBe('Half a thought');
    expect(keptUnsaved('ana', 'study:new', 'device')).toEqual({ observation: 'Mine' });
  });

  it('signing out deletes all of it, whoever typed it, and nothing else', () => {
    keepUnsaved('ana', 'journal:new', { content: 'a' });
    keepUnsaved('ben', 'study:abc', { title: 'b' }, 'device');
    localStorage.setItem('study-draft:abc', '{}');
    localStorage.setItem('language', 'es');
    sessionStorage.setItem('camino:session-ended', '1');
    forgetAllUnsaved();
    expect(allKeys().sort()).toEqual(['device language', 'tab camino:session-ended']);
  });

  it('the page after the server’s sign-out deletes it, once, when the server says so', () => {
    keepUnsaved('ana', 'journal:new', { content: 'a' });
    forgetAfterSignOut();
    expect(keptUnsaved('ana', 'journal:new')).toEqual({ content: 'a' });
    document.cookie = `${SIGNED_OUT_COOKIE}=1; Path=/`;
    forgetAfterSignOut();
    expect(allKeys()).toEqual([]);
    expect(document.cookie).not.toContain(SIGNED_OUT_COOKIE);
  });

  it('the lesson response shows the signed-in member’s own words, never what another left', async () => {
    // Ana typed and her session ended; the format before kept text was tied to a member too.
    keepUnsaved('ana', 'lesson:101-1', 'Ana’s unsaved answer');
    sessionStorage.setItem('camino:unsaved:lesson:101-1', JSON.stringify('Ana’s unsaved answer'));
    // Ben signs in on the same tab and opens the lesson.
    const lesson = { id: '101-1', response: 'Ben’s saved answer' } as LessonDetail;
    render(<PracticeResponse lesson={lesson} />, { wrapper: wrapperFor(signedIn('ben')) });
    expect(await screen.findByDisplayValue('Ben’s saved answer')).toBeInTheDocument();
    expect(screen.queryByDisplayValue('Ana’s unsaved answer')).toBeNull();
    expect(keptUnsaved('ana', 'lesson:101-1')).toBeNull();
  });

  it('the study lab restores the member’s own draft only', () => {
    const empty = {
      reference: '',
      translation: 'KJV',
      title: '',
      observation: '',
      interpretation: '',
      application: '',
    };
    keepUnsaved('ana', 'study:new', { ...empty, observation: 'Ana’s' }, 'device');
    expect(initialState('ana', null, undefined, empty)).toEqual({
      form: { ...empty, observation: 'Ana’s' },
      restored: true,
    });
    expect(initialState('ben', null, undefined, empty)).toEqual({ form: empty, restored: false });
    expect(initialState(undefined, null, undefined, empty)).toEqual({
      form: empty,
      restored: false,
    });
  });
});
