import { Navigate } from 'react-router';
import { MenuScreen, MissingClienteId, useMenuClienteId } from '../../menu';
import { RegisterCallToAction, useRestauranteDinerRedirect } from '../components/RestauranteDiner';

/**
 * The restaurant's menu page for diners: /restaurante/:cliente_id and
 * /restaurante/:cliente_id/menu. It shows the same menu as /menu/:cliente_id
 * (features/menu) in the diner shell, with the 'Registrarse para más
 * funciones' call to action (auth dialog) for visitors not signed in, and
 * the redirect of a signed-in diner whose stored restaurant differs to their
 * user panel.
 */
export default function RestauranteMenuPage() {
  const clienteId = useMenuClienteId();
  const redirect = useRestauranteDinerRedirect(clienteId);
  if (!clienteId) return <MissingClienteId />;
  if (redirect) return <Navigate to={redirect} replace />;
  return (
    <MenuScreen clienteId={clienteId}>
      <RegisterCallToAction clienteId={clienteId} />
    </MenuScreen>
  );
}
