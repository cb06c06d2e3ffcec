// The router's entry for /admin/refunds; the screen lives in its feature folder.
export { default } from '../refunds/routes/refunds';
