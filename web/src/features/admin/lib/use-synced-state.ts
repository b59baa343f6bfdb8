import { useState, type Dispatch, type SetStateAction } from 'react';

/**
 * An input's state that starts from the saved value and starts again from it
 * whenever the saved value changes (after a save or a refetch), while the
 * user's typing in between stays theirs. The reset happens during render
 * (React's "storing information from previous renders"), not in an effect.
 */
export function useSyncedState<T>(saved: T): [T, Dispatch<SetStateAction<T>>] {
  const [value, setValue] = useState(saved);
  const [previous, setPrevious] = useState(saved);
  if (!Object.is(previous, saved)) {
    setPrevious(saved);
    setValue(saved);
  }
  return [value, setValue];
}
