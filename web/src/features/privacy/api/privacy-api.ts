/** The notice's read, shared with the owner's card (api/privacy.ts). */
export { getPrivacy, type Privacidad } from '../../../api/privacy';

/** The fetch cache's key of a restaurant's notice. */
export const privacyKey = (clienteId: string) => `privacidad:${clienteId}`;
