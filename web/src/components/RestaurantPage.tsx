import type { ReactNode } from 'react';
import { useTargetClienteId } from '../app/session/target-cliente';
import { FormError } from './Form';

/**
 * The card of a staff page that acts on one restaurant (?cliente_id=, else
 * the signed-in owner's): its title, then the page for that restaurant, or
 * the page's missing-restaurant error when there is none.
 */
export function RestaurantPage({
  title,
  missingText,
  children,
}: {
  title: string;
  missingText: string;
  children: (clienteId: string) => ReactNode;
}) {
  const clienteId = useTargetClienteId();
  return (
    <section className="card">
      <h1>{title}</h1>
      {clienteId ? children(clienteId) : <FormError error={missingText} />}
    </section>
  );
}
