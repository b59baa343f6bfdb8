import { Navigate } from 'react-router';
import { DinerDrawerSlot } from '../../account/components/DinerDrawerSlot';
import { RegisterCallToAction, useRestauranteDinerRedirect } from '../../account/components/RestauranteDiner';
import { MenuScreen } from '../components/MenuScreen';
import { MissingClienteId, useMenuClienteId } from './MenuPage';

/**
 * The restaurant's menu page for diners: /restaurante/:cliente_id and
 * /restaurante/:cliente_id/menu. It shows the same menu as /menu/:cliente_id,
 * plus the diner account features (features/account): the side drawer of a
 * signed-in diner in the header, the 'Registrarse para más funciones' call
 * to action (auth dialog) for everyone else, and the redirect of a signed-in
 * diner whose stored restaurant differs to their user panel.
 */
export default function RestauranteMenuPage() {
  const clienteId = useMenuClienteId();
  const redirect = useRestauranteDinerRedirect(clienteId);
  if (!clienteId) return <MissingClienteId />;
  if (redirect) return <Navigate to={redirect} replace />;
  return (
    <MenuScreen clienteId={clienteId} headerActions={<DinerDrawerSlot clienteId={clienteId} />}>
      <RegisterCallToAction clienteId={clienteId} />
    </MenuScreen>
  );
}
