import { MenuScreen } from '../components/MenuScreen';
import { MissingClienteId, useMenuClienteId } from './MenuPage';

/**
 * The restaurant's menu page for diners: /restaurante/:cliente_id and
 * /restaurante/:cliente_id/menu. It shows the same menu as /menu/:cliente_id.
 *
 * The diner-accounts issue adds here, through MenuScreen's `headerActions`
 * (side drawer / hamburger) and `children` (the 'Registrarse para más
 * funciones' call to action and the redirect of a signed-in diner).
 */
export default function RestauranteMenuPage() {
  const clienteId = useMenuClienteId();
  if (!clienteId) return <MissingClienteId />;
  return <MenuScreen clienteId={clienteId} />;
}
