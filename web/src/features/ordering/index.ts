/**
 * The ordering feature as the rest of the app uses it: whether a restaurant
 * takes online orders (the diner shell shows 'Ordena en Línea' then). Its
 * pages are lazy route modules (app/routes.tsx).
 */
export { useOnlineOrdering } from './lib/use-online-ordering';
