import { queryOptions } from '@tanstack/react-query';
import type { LoginResult, ResponseBody, Schemas } from '../../../api/contract';
import * as api from '../../../api/client';

export type Equipo = ResponseBody<'/api/clientes/{cliente_id}/equipo', 'get'>;
export type Persona = Schemas['Persona'];
export type Invitacion = Schemas['Invitacion'];
export type SesionStaff = Schemas['SesionStaff'];
export type StaffRoleName = Schemas['StaffRole'];
export type InvitacionEstado = Schemas['InvitacionEstado'];

export const STAFF_ROLES: StaffRoleName[] = ['propietario', 'gerente', 'cocina', 'mesero'];

export const teamKeys = {
  team: (clienteId: string) => ['equipo', clienteId] as const,
};

/** GET /api/clientes/{id}/equipo: people, pending invitations, open sessions (owner). */
export function teamQueryOptions(clienteId: string) {
  return queryOptions({
    queryKey: teamKeys.team(clienteId),
    queryFn: ({ signal }) => api.get('/api/clientes/{cliente_id}/equipo', { path: { cliente_id: Number(clienteId) }, signal }),
  });
}

export function invite(clienteId: string, email: string, rol: StaffRoleName) {
  return api.post('/api/clientes/{cliente_id}/equipo/invitaciones', { path: { cliente_id: Number(clienteId) }, body: { email, rol } });
}

export function cancelInvite(clienteId: string, id: number) {
  return api.delete('/api/clientes/{cliente_id}/equipo/invitaciones/{id}', { path: { cliente_id: Number(clienteId), id } });
}

export function setRole(clienteId: string, staffUserId: number, rol: StaffRoleName) {
  return api.put('/api/clientes/{cliente_id}/equipo/{staff_user_id}', {
    path: { cliente_id: Number(clienteId), staff_user_id: staffUserId },
    body: { rol },
  });
}

export function removePerson(clienteId: string, staffUserId: number) {
  return api.delete('/api/clientes/{cliente_id}/equipo/{staff_user_id}', { path: { cliente_id: Number(clienteId), staff_user_id: staffUserId } });
}

export function endSession(clienteId: string, id: string) {
  return api.delete('/api/clientes/{cliente_id}/sesiones/{id}', { path: { cliente_id: Number(clienteId), id } });
}

/** POST /api/invitacion/enlace (public): the invitation's state. */
export function invitationState(token: string): Promise<InvitacionEstado> {
  return api.post('/api/invitacion/enlace', { body: { token }, token: null });
}

/** POST /api/invitacion (public): accept; answers like a sign-in. */
export function acceptInvitation(token: string, password: string): Promise<LoginResult> {
  return api.post('/api/invitacion', { body: { token, password }, token: null });
}

/** POST /api/clientes/{id}/equipo/vincular (super admin). */
export function linkPerson(clienteId: string, email: string, rol: StaffRoleName) {
  return api.post('/api/clientes/{cliente_id}/equipo/vincular', { path: { cliente_id: Number(clienteId) }, body: { email, rol } });
}

/** GET /api/auth/sesiones: the caller's own sessions. */
export function mySessionsQueryOptions() {
  return queryOptions({
    queryKey: ['mis-sesiones'] as const,
    queryFn: ({ signal }) => api.get('/api/auth/sesiones', { signal }),
  });
}

export function endMySession(id: string) {
  return api.delete('/api/auth/sesiones/{id}', { path: { id } });
}

export function endOtherSessions() {
  return api.delete('/api/auth/sesiones');
}

export function changePassword(actual: string, nueva: string) {
  return api.post('/api/auth/password', { body: { password_actual: actual, password_nueva: nueva } });
}
