import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { orderBoardKeys } from '../api/order-board-api';
import { followEvents } from '../../../lib/event-stream';

export type StreamState = 'connecting' | 'live' | 'reconnecting' | 'refused';

/**
 * useBoardStream follows the restaurant's order changes
 * (GET /api/clientes/{id}/pedidos/eventos) while the board is open: 'hola'
 * (each connection) and every 'pedido' event make the board read the
 * current state again, so a new paid order shows within the feed's 250 ms.
 */
export function useBoardStream(clienteId: string): StreamState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<StreamState>('connecting');
  useEffect(() => {
    const controller = new AbortController();
    void followEvents(
      `/clientes/${encodeURIComponent(clienteId)}/pedidos/eventos`,
      {
        onEvent: (e) => {
          if (e.event === 'hola' || e.event === 'pedido') {
            void queryClient.invalidateQueries({ queryKey: orderBoardKeys.board(clienteId) });
          }
        },
        onState: setState,
        onFatal: () => setState('refused'),
      },
      controller.signal,
    );
    return () => controller.abort();
  }, [clienteId, queryClient]);
  return state;
}
