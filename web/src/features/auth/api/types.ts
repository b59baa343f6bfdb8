/** Session fields as the server sends them (ids may arrive as numbers or strings). */
export type SessionInfo = {
  merchant_id?: string | number | null;
  cliente_id?: string | number | null;
  is_superadmin?: boolean | number | string | null;
};

export type LoginResponse = SessionInfo & { token: string };
