import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { MenuScreen, MissingClienteId, useMenuClienteId } from '../../menu';
import { DinerDrawerSlot } from '../components/DinerDrawerSlot';
import { RegisterCallToAction, useRestauranteDinerRedirect } from '../components/RestauranteDiner';

/**
 * The restaurant's menu page for diners: /restaurante/:cliente_id and
 * /restaurante/:cliente_id/menu. It shows the same menu as /menu/:cliente_id
 * (features/menu), plus the diner account features: the side drawer of a
 * signed-in diner in the header, the 'Registrarse para más funciones' call
 * to action (auth dialog) for everyone else, and the redirect of a signed-in
 * diner whose stored restaurant differs to their user panel.
 */
export default function RestauranteMenuPage({ aboveMenu }: { aboveMenu?: (clienteId: string) => ReactNode }) {
  const clienteId = useMenuClienteId();
  const redirect = useRestauranteDinerRedirect(clienteId);
  if (!clienteId) return <MissingClienteId />;
  if (redirect) return <Navigate to={redirect} replace />;
  return (
    <MenuScreen clienteId={clienteId} headerActions={<DinerDrawerSlot clienteId={clienteId} />}>
      {aboveMenu?.(clienteId)}
      <RegisterCallToAction clienteId={clienteId} />
    </MenuScreen>
  );
}
