// The router's entry for /admin/dashboard; the screen lives in its feature folder.
export { default } from '../dashboard/routes/dashboard';
