// The router's entry for /admin/payments; the screen lives in its feature folder.
export { default } from '../payments/routes/payments';
