import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { SessionContext, type Session } from './session-context';
import { useTargetClienteId } from './target-cliente';

function target(url: string, session: Session): string | null {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>
      <SessionContext.Provider value={{ session, signIn: () => {}, signOut: async () => {}, setMerchantId: () => {}, setInfo: () => {} }}>
        {children}
      </SessionContext.Provider>
    </MemoryRouter>
  );
  return renderHook(() => useTargetClienteId(), { wrapper }).result.current;
}

const owner: Session = { status: 'authenticated', token: 't', clienteId: '5', merchantId: 'M5', isSuperadmin: false, rol: 'propietario', restaurantes: [] };

describe('useTargetClienteId', () => {
  it('takes ?cliente_id= first, else the signed-in owner’s restaurant', () => {
    expect(target('/settings?cliente_id=7', owner)).toBe('7');
    expect(target('/settings?cliente_id=%207%20', owner)).toBe('7');
    expect(target('/settings', owner)).toBe('5');
    expect(target('/settings', { status: 'anonymous' })).toBeNull();
  });

  it('treats anything but an integer as missing', () => {
    expect(target('/popups?cliente_id=abc', owner)).toBeNull();
    expect(target('/popups?cliente_id=1.5', owner)).toBeNull();
    expect(target('/popups', { ...owner, clienteId: 'x1' } as Session)).toBeNull();
  });
});
