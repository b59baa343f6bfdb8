/**
 * The ordering feature as the rest of the app uses it: the small
 * 'Ordena en Línea' link of a restaurant's menu (the app hands it to the
 * menu pages). Its pages are lazy route modules (app/routes.tsx).
 */
export { OrderOnlineLink } from './components/OrderOnlineLink';
