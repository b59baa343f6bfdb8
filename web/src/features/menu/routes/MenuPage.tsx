import type { ReactNode } from 'react';
import { MenuScreen } from '../components/MenuScreen';
import { MissingClienteId } from '../components/MissingClienteId';
import { useMenuClienteId } from '../lib/use-menu-cliente-id';

type Props = {
  /**
   * Extra header controls for the restaurant shown. The app passes the
   * signed-in diner's drawer (features/account), so that the menu feature
   * does not depend on the account feature, which embeds the menu.
   */
  headerActions?: (clienteId: string) => ReactNode;
  /** Content above the menu views for the restaurant shown (the app passes the 'Ordena en Línea' link). */
  aboveMenu?: (clienteId: string) => ReactNode;
};

/** Public digital menu: /menu/:cliente_id and /clientes/menu/:cliente_id. */
export default function MenuPage({ headerActions, aboveMenu }: Props) {
  const clienteId = useMenuClienteId();
  if (!clienteId) return <MissingClienteId />;
  return (
    <MenuScreen clienteId={clienteId} headerActions={headerActions?.(clienteId)}>
      {aboveMenu?.(clienteId)}
    </MenuScreen>
  );
}
