import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_VIEW_ID, removeFirstView, whenFirstViewGone } from './first-view';

describe('whenFirstViewGone', () => {
  afterEach(() => document.getElementById(FIRST_VIEW_ID)?.remove());

  it('runs at once when no first view hides the app', () => {
    const f = vi.fn();
    whenFirstViewGone(f);
    expect(f).toHaveBeenCalledTimes(1);
  });

  it('waits for the call that removes the first view, once; a cancelled wait never runs', () => {
    const copy = document.createElement('div');
    copy.id = FIRST_VIEW_ID;
    document.body.append(copy);
    const f = vi.fn(() => expect(document.getElementById(FIRST_VIEW_ID)).toBeNull());
    const g = vi.fn();
    whenFirstViewGone(f);
    const cancel = whenFirstViewGone(g);
    cancel();
    expect(f).not.toHaveBeenCalled();
    removeFirstView();
    removeFirstView();
    expect(f).toHaveBeenCalledTimes(1);
    expect(g).not.toHaveBeenCalled();
  });
});
