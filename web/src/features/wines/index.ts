/**
 * The wine feature as other features use it: the welcome page's list of
 * cavas to explore. The pages (/list, /admin, /cava/:cliente_id) are lazy
 * route modules of the app.
 */
export { CavaDirectory } from './components/CavaDirectory';
