import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useProgressiveCount } from './progressive';

describe('useProgressiveCount', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const grow = () => act(() => vi.runOnlyPendingTimers());

  it('gives the first screen, then a step per task, up to the total', () => {
    const { result } = renderHook(() => useProgressiveCount(10, 'a'));
    expect(result.current).toBe(4);
    grow();
    expect(result.current).toBe(7);
    grow();
    expect(result.current).toBe(10);
    grow();
    expect(result.current).toBe(10);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('never exceeds a short list', () => {
    const { result } = renderHook(() => useProgressiveCount(2, 'a'));
    expect(result.current).toBe(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('starts over for a new key, and only for a new key', () => {
    const { result, rerender } = renderHook(({ total, key }) => useProgressiveCount(total, key), {
      initialProps: { total: 10, key: 'tipo=tinto' },
    });
    grow();
    grow();
    expect(result.current).toBe(10);
    // The same filters with a list that grew: the count goes on from where it was.
    rerender({ total: 12, key: 'tipo=tinto' });
    expect(result.current).toBe(10);
    grow();
    expect(result.current).toBe(12);
    // Other filters: the first screen again.
    rerender({ total: 12, key: 'tipo=blanco' });
    expect(result.current).toBe(4);
    grow();
    expect(result.current).toBe(7);
  });
});
