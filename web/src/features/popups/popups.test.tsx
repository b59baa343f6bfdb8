import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, queryOf, renderApp, resetLanguage, storeSession, type MockAnswer } from '../../test/utils';

const existing = { id: 7, cliente_id: 3, name: 'Happy Hour', file_url: '/media/h.jpg', file_type: 'image/jpeg', created_at: 1 };

function routes(extra: Record<string, MockAnswer> = {}) {
  storeSession({ clienteId: '3' });
  return mockFetch({
    'POST /api/auth/validate': { body: { cliente_id: 3, is_superadmin: 0 } },
    'GET /api/popups': { body: [existing] },
    ...extra,
  });
}

describe('popups admin', () => {
  beforeEach(resetLanguage);

  it('lists the popups with a preview and a delete button', async () => {
    routes({ 'DELETE /api/popups/7': { status: 204 } });
    renderApp('/popups?cliente_id=3');
    expect(await screen.findByRole('heading', { name: 'Gestión de Popups' })).toBeInTheDocument();
    expect(await screen.findByText('Happy Hour')).toBeInTheDocument();
    const img = screen.getByRole('img', { name: 'Happy Hour' });
    fireEvent.error(img);
    expect(await screen.findByText('Archivo no disponible.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Eliminar Popup' }));
    expect(await screen.findByText('Popup eliminado correctamente.')).toBeInTheDocument();
  });

  it('names the restaurant in the delete (?cliente_id=): the server answers a super admin 400 without it', async () => {
    const { calls } = routes({
      'DELETE /api/popups/7': (call) =>
        queryOf(call).get('cliente_id') === '3' ? { status: 204 } : { status: 400, body: { error: 'Error: cliente_id no está disponible.' } },
    });
    renderApp('/popups?cliente_id=3');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Eliminar Popup' }));
    expect(await screen.findByText('Popup eliminado correctamente.')).toBeInTheDocument();
    const del = calls.find((c) => c.method === 'DELETE')!;
    expect(del.url.split('?')[0]).toBe('/api/popups/7');
    expect(queryOf(del).get('cliente_id')).toBe('3');
  });

  it('shows the empty and load-error states', async () => {
    routes({ 'GET /api/popups': { body: [] } });
    const view = renderApp('/popups?cliente_id=3');
    expect(await screen.findByText('No hay popups activos.')).toBeInTheDocument();
    view.unmount();
    routes({ 'GET /api/popups': { status: 403, body: { error: 'x' } } });
    renderApp('/popups?cliente_id=3');
    expect(await screen.findByText('No se pudieron cargar los popups.')).toBeInTheDocument();
  });

  it('refuses a file that is not an image or a video, and requires name and file', async () => {
    const { calls } = routes();
    renderApp('/popups?cliente_id=3');
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(await screen.findByLabelText('Archivo (imagen, GIF o video)'), new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Formato no soportado.');
    await user.click(screen.getByRole('button', { name: 'Crear Popup' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('El nombre y el archivo son obligatorios.');
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/popups')).toBe(false);
  });

  it('creates a popup, clears the form and reloads the list', async () => {
    let list = [existing];
    const { calls } = routes({
      'GET /api/popups': () => ({ body: list }),
      'POST /api/popups': () => {
        list = [{ ...existing, id: 8, name: 'Nueva' }, existing];
        return { status: 201, body: list[0] };
      },
    });
    renderApp('/popups?cliente_id=3');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nombre del popup'), 'Nueva');
    await user.upload(screen.getByLabelText('Archivo (imagen, GIF o video)'), new File(['gif'], 'n.gif', { type: 'image/gif' }));
    await user.click(screen.getByRole('button', { name: 'Crear Popup' }));
    expect(await screen.findByText('Popup creado exitosamente.')).toBeInTheDocument();
    expect(await screen.findByText('Nueva')).toBeInTheDocument();
    expect(screen.getByLabelText('Nombre del popup')).toHaveValue('');
    const post = calls.find((c) => c.method === 'POST' && c.url === '/api/popups')!;
    const form = post.body as FormData;
    expect(form.get('name')).toBe('Nueva');
    expect(form.get('cliente_id')).toBe('3');
    expect((form.get('file') as File).name).toBe('n.gif');
  });

  it("shows the server's error when creation fails", async () => {
    routes({ 'POST /api/popups': { status: 400, body: { error: 'Archivo demasiado grande.' } } });
    renderApp('/popups?cliente_id=3');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nombre del popup'), 'X');
    await user.upload(screen.getByLabelText('Archivo (imagen, GIF o video)'), new File(['v'], 'v.mp4', { type: 'video/mp4' }));
    await user.click(screen.getByRole('button', { name: 'Crear Popup' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Archivo demasiado grande.');
  });

  it('shows the delete error', async () => {
    routes({ 'DELETE /api/popups/7': { status: 500, body: {} } });
    renderApp('/popups?cliente_id=3');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Eliminar Popup' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('No se pudo eliminar el popup.'));
  });

  it('needs a cliente_id', async () => {
    storeSession({ clienteId: null });
    mockFetch({ 'POST /api/auth/validate': { body: { cliente_id: null, is_superadmin: 0 } } });
    renderApp('/popups');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: cliente_id no definido.');
  });
});
