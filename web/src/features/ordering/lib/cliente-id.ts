import { useParams } from 'react-router';

/** The restaurant id of an ordering page's route, or null when missing or not a positive integer. */
export function useOrderingClienteId(): string | null {
  const { cliente_id: id } = useParams();
  return id && /^[1-9]\d{0,17}$/.test(id) ? id : null;
}
