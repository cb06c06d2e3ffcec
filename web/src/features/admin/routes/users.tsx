// The router's entry for /admin/users; the screen lives in its feature folder.
export { default } from '../users/routes/users';
