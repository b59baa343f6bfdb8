import { createContext, useContext, useLayoutEffect } from 'react';

/**
 * The diner menu keeps the server's copy of its first view on screen until
 * its own view is ready (features/menu/lib/shell.ts). Content shown above
 * the menu that loads something and then changes the layout (the 'Ordena en
 * Línea' link) holds the handover until it knows, so it does not push the
 * categories down after they were painted (a layout shift).
 */
export const FirstViewHoldContext = createContext<(() => () => void) | null>(null);

/** useHoldFirstView holds the menu's handover while `held` is true (outside the menu it does nothing). */
export function useHoldFirstView(held: boolean): void {
  const hold = useContext(FirstViewHoldContext);
  useLayoutEffect(() => (hold && held ? hold() : undefined), [hold, held]);
}
