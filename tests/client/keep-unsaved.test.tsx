import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { keptUnsaved, useKeepUnsaved } from '#client/hooks/useKeepUnsaved.ts';

/** Unsaved text survives the trip to sign-in when a session ends, and goes once saved. */
describe('text kept until it is saved', () => {
  it('keeps the value while unsaved and forgets it once saved', () => {
    sessionStorage.clear();
    const { rerender } = renderHook(
      ({ value, unsaved }) => useKeepUnsaved('lesson:101-1', value, unsaved),
      { initialProps: { value: 'God is love', unsaved: true } },
    );
    expect(keptUnsaved<string>('lesson:101-1')).toBe('God is love');
    rerender({ value: 'God is love, and light', unsaved: true });
    expect(keptUnsaved<string>('lesson:101-1')).toBe('God is love, and light');
    rerender({ value: 'God is love, and light', unsaved: false });
    expect(keptUnsaved<string>('lesson:101-1')).toBeNull();
  });

  it('keeps objects (a journal draft) and reads nothing for another key', () => {
    sessionStorage.clear();
    renderHook(() => useKeepUnsaved('journal:new', { title: 'T', content: 'C' }, true));
    expect(keptUnsaved('journal:new')).toEqual({ title: 'T', content: 'C' });
    expect(keptUnsaved('journal:other')).toBeNull();
  });
});
