import type { ReactNode } from 'react';
import { MenuScreen } from '../components/MenuScreen';
import { MissingClienteId } from '../components/MissingClienteId';
import { useMenuClienteId } from '../lib/use-menu-cliente-id';

type Props = {
  /**
   * Content above the menu views for the restaurant shown: the app passes
   * the registration call to action (features/account), so that the menu
   * feature does not depend on the account feature, which embeds the menu.
   */
  aboveMenu?: (clienteId: string) => ReactNode;
};

/** Public digital menu, the diner's home of a restaurant: /menu/:cliente_id and /clientes/menu/:cliente_id. */
export default function MenuPage({ aboveMenu }: Props) {
  const clienteId = useMenuClienteId();
  if (!clienteId) return <MissingClienteId />;
  return <MenuScreen clienteId={clienteId}>{aboveMenu?.(clienteId)}</MenuScreen>;
}
