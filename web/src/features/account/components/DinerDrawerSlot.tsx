import { lazy, Suspense } from 'react';
import { useDinerSession } from '../../../lib/diner-session';

// The drawer (and its styles) download only for signed-in diners: anonymous
// visitors of the menu, the vast majority, never load it.
const DinerDrawer = lazy(() => import('./DinerDrawer'));

/** The diner side drawer for a menu header; nothing when no diner is signed in. */
export function DinerDrawerSlot({ clienteId }: { clienteId: string | null }) {
  const session = useDinerSession();
  if (!session) return null;
  return (
    <Suspense fallback={<span style={{ display: 'inline-block', width: 44, height: 40 }} aria-hidden="true" />}>
      <DinerDrawer clienteId={clienteId} />
    </Suspense>
  );
}
